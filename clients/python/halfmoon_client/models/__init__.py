"""Contains all the data models used in inputs/outputs"""

from .accepted_response import AcceptedResponse
from .account_create_request_request import AccountCreateRequestRequest
from .account_created_response import AccountCreatedResponse
from .account_response import AccountResponse
from .code_enum import CodeEnum
from .daily_deal_response import DailyDealResponse
from .daily_leaderboard_around import DailyLeaderboardAround
from .daily_response import DailyResponse
from .daily_stats import DailyStats
from .daily_stats_best_rank_type_0 import DailyStatsBestRankType0
from .device_list_response import DeviceListResponse
from .device_response import DeviceResponse
from .email_request_request import EmailRequestRequest
from .end_reason_enum import EndReasonEnum
from .entry_response import EntryResponse
from .entry_result_enum import EntryResultEnum
from .error_response import ErrorResponse
from .game_create_request_request import GameCreateRequestRequest
from .game_list_response import GameListResponse
from .game_response import GameResponse
from .game_status_enum import GameStatusEnum
from .game_summary import GameSummary
from .games_list_status import GamesListStatus
from .issued_enum import IssuedEnum
from .kind_enum import KindEnum
from .language_enum import LanguageEnum
from .layout_pile import LayoutPile
from .leaderboard_response import LeaderboardResponse
from .link_code_response import LinkCodeResponse
from .link_request_request import LinkRequestRequest
from .log_entry import LogEntry
from .log_response import LogResponse
from .move_request_request import MoveRequestRequest
from .owner import Owner
from .password_change_request_request import PasswordChangeRequestRequest
from .password_request_request import PasswordRequestRequest
from .password_reset_confirm_request_request import PasswordResetConfirmRequestRequest
from .password_reset_request_request import PasswordResetRequestRequest
from .patched_game_update_request_request import PatchedGameUpdateRequestRequest
from .patched_player_update_request_request import PatchedPlayerUpdateRequestRequest
from .pile import Pile
from .placed_card import PlacedCard
from .player_create_request_request import PlayerCreateRequestRequest
from .player_created_response import PlayerCreatedResponse
from .player_response import PlayerResponse
from .progress import Progress
from .queue_request_request import QueueRequestRequest
from .queue_response import QueueResponse
from .queue_status_enum import QueueStatusEnum
from .race_create_request_request import RaceCreateRequestRequest
from .race_join_request_request import RaceJoinRequestRequest
from .race_member import RaceMember
from .race_ready_request_request import RaceReadyRequestRequest
from .race_response import RaceResponse
from .race_result_enum import RaceResultEnum
from .race_stats import RaceStats
from .race_status_enum import RaceStatusEnum
from .rating import Rating
from .rating_entry import RatingEntry
from .ratings_board_around import RatingsBoardAround
from .ratings_response import RatingsResponse
from .recover_request_request import RecoverRequestRequest
from .recovered_response import RecoveredResponse
from .recovery_codes_response import RecoveryCodesResponse
from .rematch_ref import RematchRef
from .reserve_slot import ReserveSlot
from .revoked_response import RevokedResponse
from .settings import Settings
from .settings_request import SettingsRequest
from .sign_in_request_request import SignInRequestRequest
from .signed_in_response import SignedInResponse
from .standing import Standing
from .stats_response import StatsResponse
from .tap_message import TapMessage
from .tap_request_request import TapRequestRequest
from .tap_response import TapResponse
from .token_response import TokenResponse
from .verified_email_response import VerifiedEmailResponse
from .verify_email_request_request import VerifyEmailRequestRequest
from .versioned_request_request import VersionedRequestRequest

__all__ = (
    "AcceptedResponse",
    "AccountCreatedResponse",
    "AccountCreateRequestRequest",
    "AccountResponse",
    "CodeEnum",
    "DailyDealResponse",
    "DailyLeaderboardAround",
    "DailyResponse",
    "DailyStats",
    "DailyStatsBestRankType0",
    "DeviceListResponse",
    "DeviceResponse",
    "EmailRequestRequest",
    "EndReasonEnum",
    "EntryResponse",
    "EntryResultEnum",
    "ErrorResponse",
    "GameCreateRequestRequest",
    "GameListResponse",
    "GameResponse",
    "GamesListStatus",
    "GameStatusEnum",
    "GameSummary",
    "IssuedEnum",
    "KindEnum",
    "LanguageEnum",
    "LayoutPile",
    "LeaderboardResponse",
    "LinkCodeResponse",
    "LinkRequestRequest",
    "LogEntry",
    "LogResponse",
    "MoveRequestRequest",
    "Owner",
    "PasswordChangeRequestRequest",
    "PasswordRequestRequest",
    "PasswordResetConfirmRequestRequest",
    "PasswordResetRequestRequest",
    "PatchedGameUpdateRequestRequest",
    "PatchedPlayerUpdateRequestRequest",
    "Pile",
    "PlacedCard",
    "PlayerCreatedResponse",
    "PlayerCreateRequestRequest",
    "PlayerResponse",
    "Progress",
    "QueueRequestRequest",
    "QueueResponse",
    "QueueStatusEnum",
    "RaceCreateRequestRequest",
    "RaceJoinRequestRequest",
    "RaceMember",
    "RaceReadyRequestRequest",
    "RaceResponse",
    "RaceResultEnum",
    "RaceStats",
    "RaceStatusEnum",
    "Rating",
    "RatingEntry",
    "RatingsBoardAround",
    "RatingsResponse",
    "RecoveredResponse",
    "RecoverRequestRequest",
    "RecoveryCodesResponse",
    "RematchRef",
    "ReserveSlot",
    "RevokedResponse",
    "Settings",
    "SettingsRequest",
    "SignedInResponse",
    "SignInRequestRequest",
    "Standing",
    "StatsResponse",
    "TapMessage",
    "TapRequestRequest",
    "TapResponse",
    "TokenResponse",
    "VerifiedEmailResponse",
    "VerifyEmailRequestRequest",
    "VersionedRequestRequest",
)
