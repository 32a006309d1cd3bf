from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import account_views as accounts
from . import (
    apps_views,
    challenge_views,
    daily_views,
    following_views,
    privacy,
    races,
    season_views,
    views,
)

urlpatterns = [
    path("players", views.PlayersView.as_view(), name="players"),
    path("players/me", views.MeView.as_view(), name="players-me"),
    path("players/me/token", views.TokenView.as_view(), name="players-me-token"),
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
    path("players/me/apps", apps_views.ConnectedAppsView.as_view(), name="players-me-apps"),
    path(
        "players/me/apps/<int:app_id>", apps_views.ConnectedAppView.as_view(), name="players-me-app"
    ),
    path("players/link", accounts.LinkView.as_view(), name="players-link"),
    path("account", accounts.AccountView.as_view(), name="account"),
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
    path("games", views.GamesView.as_view(), name="games"),
    path("games/<int:game_id>", views.GameView.as_view(), name="game"),
    path("games/<int:game_id>/moves", views.MovesView.as_view(), name="game-moves"),
    path("games/<int:game_id>/undo", views.UndoView.as_view(), name="game-undo"),
    path("games/<int:game_id>/taps", views.TapsView.as_view(), name="game-taps"),
    path("games/<int:game_id>/resign", views.ResignView.as_view(), name="game-resign"),
    path("games/<int:game_id>/log", views.LogView.as_view(), name="game-log"),
    path(
        "games/<int:game_id>/challenge",
        challenge_views.GameChallengeView.as_view(),
        name="game-challenge",
    ),
    path(
        "games/<int:game_id>/replay/<int:step>",
        challenge_views.ReplayView.as_view(),
        name="game-replay",
    ),
    path("challenges/<str:code>", challenge_views.ChallengeView.as_view(), name="challenge"),
    path(
        "challenges/<str:code>/games",
        challenge_views.ChallengeGamesView.as_view(),
        name="challenge-games",
    ),
    path(
        "challenges/<str:code>/board",
        challenge_views.ChallengeBoardView.as_view(),
        name="challenge-board",
    ),
    path(
        "players/<int:player_id>/stats", daily_views.PlayerStatsView.as_view(), name="player-stats"
    ),
    path("daily", daily_views.DailyView.as_view(), name="daily"),
    path("daily/<str:date>/leaderboard", daily_views.LeaderboardView.as_view(), name="daily-board"),
    path("daily/<str:date>/deal", daily_views.DailyDealView.as_view(), name="daily-deal"),
    path("seasons", season_views.CurrentSeasonsView.as_view(), name="seasons"),
    path("seasons/<str:season>/board", season_views.SeasonBoardView.as_view(), name="season-board"),
    path("players/me/following", following_views.FollowingView.as_view(), name="following"),
    path(
        "players/me/following/<int:player_id>",
        following_views.FollowView.as_view(),
        name="following-player",
    ),
    path("races", races.RacesView.as_view(), name="races"),
    path("races/join", races.RaceJoinView.as_view(), name="races-join"),
    path("races/<int:race_id>", races.RaceView.as_view(), name="race"),
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
