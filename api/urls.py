from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from api.accounts import views as accounts
from api.challenges import views as challenges
from api.daily import views as daily
from api.following import views as following
from api.games import views as games
from api.oauth import views as apps
from api.players import views as players
from api.privacy import views as privacy
from api.races import views as races
from api.seasons import views as seasons
from api.webhooks import views as webhooks

urlpatterns = [
    path("players", players.PlayersView.as_view(), name="players"),
    path("players/me", players.MeView.as_view(), name="players-me"),
    path("players/me/token", players.TokenView.as_view(), name="players-me-token"),
    path("players/me/tokens", accounts.DevicesView.as_view(), name="players-me-tokens"),
    path(
        "players/me/tokens/revoke-others",
        accounts.OtherDevicesView.as_view(),
        name="players-me-tokens-revoke-others",
    ),
    path(
        "players/me/tokens/<int:token_id>", accounts.DeviceView.as_view(), name="players-me-device"
    ),
    path("players/me/link-codes", accounts.LinkCodesView.as_view(), name="players-me-link-codes"),
    path("players/me/apps", apps.ConnectedAppsView.as_view(), name="players-me-apps"),
    path("players/me/apps/<int:app_id>", apps.ConnectedAppView.as_view(), name="players-me-app"),
    path("players/link", accounts.LinkView.as_view(), name="players-link"),
    path("webhooks", webhooks.WebhooksView.as_view(), name="webhooks"),
    path("webhooks/<int:webhook_id>", webhooks.WebhookView.as_view(), name="webhook"),
    path(
        "webhooks/<int:webhook_id>/deliveries",
        webhooks.DeliveriesView.as_view(),
        name="webhook-deliveries",
    ),
    path(
        "webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/redeliver",
        webhooks.RedeliverView.as_view(),
        name="webhook-redeliver",
    ),
    path("account", accounts.AccountView.as_view(), name="account"),
    path("account/tokens", apps.PersonalTokensView.as_view(), name="account-tokens"),
    path("account/tokens/<int:token_id>", apps.PersonalTokenView.as_view(), name="account-token"),
    path("account/apps", apps.OwnAppsView.as_view(), name="account-apps"),
    path("account/apps/<int:app_id>", apps.OwnAppView.as_view(), name="account-app"),
    path("account/sign-in", accounts.SignInView.as_view(), name="account-sign-in"),
    path("account/password", accounts.PasswordView.as_view(), name="account-password"),
    path(
        "account/recovery-codes",
        accounts.RecoveryCodesView.as_view(),
        name="account-recovery-codes",
    ),
    path("account/email", accounts.EmailView.as_view(), name="account-email"),
    path("account/email/verify", accounts.VerifyEmailView.as_view(), name="account-email-verify"),
    path(
        "account/password-reset",
        accounts.PasswordResetView.as_view(),
        name="account-password-reset",
    ),
    path(
        "account/password-reset/confirm",
        accounts.PasswordResetConfirmView.as_view(),
        name="account-password-reset-confirm",
    ),
    path("account/recover", accounts.RecoverView.as_view(), name="account-recover"),
    path("account/export", privacy.AccountExportView.as_view(), name="account-export"),
    path("account/delete", privacy.AccountDeleteView.as_view(), name="account-delete"),
    path("games", games.GamesView.as_view(), name="games"),
    path("games/<int:game_id>", games.GameView.as_view(), name="game"),
    # The owner's changes of a game, one route per row of the table (api.games.views)
    *(
        path(
            f"games/<int:game_id>/{view.game_action.path}",
            view.as_view(),
            name=f"game-{view.game_action.path}",
        )
        for view in games.ACTION_VIEW_CLASSES.values()
    ),
    path("games/<int:game_id>/log", games.LogView.as_view(), name="game-log"),
    path(
        "games/<int:game_id>/challenge",
        challenges.GameChallengeView.as_view(),
        name="game-challenge",
    ),
    path(
        "games/<int:game_id>/replay/<int:step>",
        challenges.ReplayView.as_view(),
        name="game-replay",
    ),
    path("challenges/<str:code>", challenges.ChallengeView.as_view(), name="challenge"),
    path(
        "challenges/<str:code>/games",
        challenges.ChallengeGamesView.as_view(),
        name="challenge-games",
    ),
    path(
        "challenges/<str:code>/board",
        challenges.ChallengeBoardView.as_view(),
        name="challenge-board",
    ),
    path("players/<int:player_id>/stats", daily.PlayerStatsView.as_view(), name="player-stats"),
    path("daily", daily.DailyView.as_view(), name="daily"),
    path("daily/<str:date>/leaderboard", daily.LeaderboardView.as_view(), name="daily-board"),
    path("daily/<str:date>/deal", daily.DailyDealView.as_view(), name="daily-deal"),
    path("seasons", seasons.CurrentSeasonsView.as_view(), name="seasons"),
    path("seasons/<str:season>/board", seasons.SeasonBoardView.as_view(), name="season-board"),
    path("players/me/following", following.FollowingView.as_view(), name="following"),
    path(
        "players/me/following/<int:player_id>",
        following.FollowView.as_view(),
        name="following-player",
    ),
    path("races", races.RacesView.as_view(), name="races"),
    path("races/join", races.RaceJoinView.as_view(), name="races-join"),
    path("races/<int:race_id>", races.RaceView.as_view(), name="race"),
    path("races/<int:race_id>/join", races.RacePublicJoinView.as_view(), name="race-join"),
    path("races/<int:race_id>/ready", races.RaceReadyView.as_view(), name="race-ready"),
    path("races/<int:race_id>/start", races.RaceStartView.as_view(), name="race-start"),
    path("races/<int:race_id>/leave", races.RaceLeaveView.as_view(), name="race-leave"),
    path("races/<int:race_id>/cancel", races.RaceCancelView.as_view(), name="race-cancel"),
    path("races/<int:race_id>/rematch", races.RaceRematchView.as_view(), name="race-rematch"),
    path("matchmaking", races.MatchmakingView.as_view(), name="matchmaking"),
    path("ratings", races.RatingsView.as_view(), name="ratings"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
