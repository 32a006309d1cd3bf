"""Contains all the data models used in inputs/outputs"""

from .accepted_response import AcceptedResponse
from .account_create_request import AccountCreateRequest
from .account_created_response import AccountCreatedResponse
from .account_delete_request import AccountDeleteRequest
from .account_locked_error import AccountLockedError
from .account_response import AccountResponse
from .already_in_race_error import AlreadyInRaceError
from .already_matched_error import AlreadyMatchedError
from .app_not_found_error import AppNotFoundError
from .archive_account import ArchiveAccount
from .archive_device import ArchiveDevice
from .archive_entry import ArchiveEntry
from .archive_game import ArchiveGame
from .archive_link_code import ArchiveLinkCode
from .archive_membership import ArchiveMembership
from .archive_origin import ArchiveOrigin
from .archive_player import ArchivePlayer
from .archive_queue import ArchiveQueue
from .archive_race import ArchiveRace
from .archive_rating import ArchiveRating
from .archive_response import ArchiveResponse
from .best_rank import BestRank
from .cannot_follow_self_error import CannotFollowSelfError
from .challenge_board_response import ChallengeBoardResponse
from .challenge_daily_open_error import ChallengeDailyOpenError
from .challenge_entry_response import ChallengeEntryResponse
from .challenge_game_not_over_error import ChallengeGameNotOverError
from .challenge_game_private_error import ChallengeGamePrivateError
from .challenge_mine_response import ChallengeMineResponse
from .challenge_not_found_error import ChallengeNotFoundError
from .challenge_response import ChallengeResponse
from .challenge_result_response import ChallengeResultResponse
from .challenges_board_among import ChallengesBoardAmong
from .code_enum import CodeEnum
from .connected_app_list_response import ConnectedAppListResponse
from .connected_app_response import ConnectedAppResponse
from .credentials_exist_error import CredentialsExistError
from .current_seasons_response import CurrentSeasonsResponse
from .daily_closed_error import DailyClosedError
from .daily_deal_response import DailyDealResponse
from .daily_game_hidden_error import DailyGameHiddenError
from .daily_leaderboard_among import DailyLeaderboardAmong
from .daily_leaderboard_around import DailyLeaderboardAround
from .daily_not_closed_error import DailyNotClosedError
from .daily_response import DailyResponse
from .daily_stats import DailyStats
from .date_in_future_error import DateInFutureError
from .deal_in_race_error import DealInRaceError
from .deal_not_for_races_error import DealNotForRacesError
from .deletion_unconfirmed_error import DeletionUnconfirmedError
from .device_list_response import DeviceListResponse
from .device_response import DeviceResponse
from .duplicate_position_error import DuplicatePositionError
from .email_request import EmailRequest
from .email_unavailable_error import EmailUnavailableError
from .empty_position_error import EmptyPositionError
from .end_reason_enum import EndReasonEnum
from .entry_response import EntryResponse
from .entry_result_enum import EntryResultEnum
from .follow_by_username_request import FollowByUsernameRequest
from .follow_response import FollowResponse
from .following_limit_error import FollowingLimitError
from .following_list_response import FollowingListResponse
from .format_enum import FormatEnum
from .format_version_enum import FormatVersionEnum
from .game_create_request import GameCreateRequest
from .game_finished_error import GameFinishedError
from .game_list_response import GameListResponse
from .game_not_found_error import GameNotFoundError
from .game_private_error import GamePrivateError
from .game_response import GameResponse
from .game_status_enum import GameStatusEnum
from .game_summary import GameSummary
from .games_list_status import GamesListStatus
from .idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from .idempotency_key_reused_error import IdempotencyKeyReusedError
from .insufficient_scope_error import InsufficientScopeError
from .invalid_around_error import InvalidAroundError
from .invalid_cursor_error import InvalidCursorError
from .invalid_date_error import InvalidDateError
from .invalid_deal_code_error import InvalidDealCodeError
from .invalid_idempotency_key_error import InvalidIdempotencyKeyError
from .invalid_json_error import InvalidJsonError
from .invalid_name_error import InvalidNameError
from .invalid_page_size_error import InvalidPageSizeError
from .invalid_password_error import InvalidPasswordError
from .invalid_position_error import InvalidPositionError
from .invalid_request_error import InvalidRequestError
from .invalid_request_error_fields import InvalidRequestErrorFields
from .invalid_request_error_fields_additional_property_type_1 import (
    InvalidRequestErrorFieldsAdditionalPropertyType1,
)
from .invalid_season_error import InvalidSeasonError
from .invalid_token_error import InvalidTokenError
from .invalid_username_error import InvalidUsernameError
from .invite_not_found_error import InviteNotFoundError
from .issued_enum import IssuedEnum
from .language_enum import LanguageEnum
from .layout_pile import LayoutPile
from .leaderboard_response import LeaderboardResponse
from .link_code_invalid_error import LinkCodeInvalidError
from .link_code_response import LinkCodeResponse
from .link_request import LinkRequest
from .log_entry import LogEntry
from .log_entry_kind_enum import LogEntryKindEnum
from .log_response import LogResponse
from .members_not_ready_error import MembersNotReadyError
from .move_request import MoveRequest
from .name_looks_like_another_error import NameLooksLikeAnotherError
from .needs_jack_queen_king_error import NeedsJackQueenKingError
from .no_credentials_error import NoCredentialsError
from .not_acceptable_error import NotAcceptableError
from .not_authenticated_error import NotAuthenticatedError
from .not_found_error import NotFoundError
from .not_in_queue_error import NotInQueueError
from .not_on_leaderboard_error import NotOnLeaderboardError
from .not_on_season_board_error import NotOnSeasonBoardError
from .not_race_host_error import NotRaceHostError
from .not_rated_error import NotRatedError
from .not_your_game_error import NotYourGameError
from .nothing_to_undo_error import NothingToUndoError
from .origin_enum import OriginEnum
from .owner import Owner
from .password_change_request import PasswordChangeRequest
from .password_request import PasswordRequest
from .password_reset_confirm_request import PasswordResetConfirmRequest
from .password_reset_request import PasswordResetRequest
from .patched_device_rename_request import PatchedDeviceRenameRequest
from .patched_game_update_request import PatchedGameUpdateRequest
from .patched_player_update_request import PatchedPlayerUpdateRequest
from .permission_denied_error import PermissionDeniedError
from .pile import Pile
from .placed_card import PlacedCard
from .player_create_request import PlayerCreateRequest
from .player_created_response import PlayerCreatedResponse
from .player_not_found_error import PlayerNotFoundError
from .player_response import PlayerResponse
from .precondition_failed_error import PreconditionFailedError
from .progress import Progress
from .queue_request import QueueRequest
from .queue_response import QueueResponse
from .queue_status_enum import QueueStatusEnum
from .race_create_request import RaceCreateRequest
from .race_full_error import RaceFullError
from .race_game_hidden_error import RaceGameHiddenError
from .race_game_private_error import RaceGamePrivateError
from .race_join_request import RaceJoinRequest
from .race_member import RaceMember
from .race_needs_two_error import RaceNeedsTwoError
from .race_not_finished_error import RaceNotFinishedError
from .race_not_found_error import RaceNotFoundError
from .race_not_open_error import RaceNotOpenError
from .race_over_error import RaceOverError
from .race_ready_request import RaceReadyRequest
from .race_response import RaceResponse
from .race_result_enum import RaceResultEnum
from .race_stats import RaceStats
from .race_status_enum import RaceStatusEnum
from .rating import Rating
from .rating_entry import RatingEntry
from .ratings_board_around import RatingsBoardAround
from .ratings_board_provisional import RatingsBoardProvisional
from .ratings_response import RatingsResponse
from .reason_enum import ReasonEnum
from .recover_request import RecoverRequest
from .recovered_response import RecoveredResponse
from .recovery_code_wrong_error import RecoveryCodeWrongError
from .recovery_codes_response import RecoveryCodesResponse
from .recovery_failed_error import RecoveryFailedError
from .rematch_ref import RematchRef
from .replay_response import ReplayResponse
from .replay_step_out_of_range_error import ReplayStepOutOfRangeError
from .request_too_large_error import RequestTooLargeError
from .reserve_slot import ReserveSlot
from .reset_link_invalid_error import ResetLinkInvalidError
from .revoked_response import RevokedResponse
from .scope_enum import ScopeEnum
from .season_board_response import SeasonBoardResponse
from .season_entry_response import SeasonEntryResponse
from .season_history import SeasonHistory
from .season_kind_enum import SeasonKindEnum
from .season_not_started_error import SeasonNotStartedError
from .season_response import SeasonResponse
from .seasons_board_among import SeasonsBoardAmong
from .seasons_board_around import SeasonsBoardAround
from .server_error_error import ServerErrorError
from .service_unavailable_error import ServiceUnavailableError
from .settings import Settings
from .settings_request import SettingsRequest
from .sign_in_failed_error import SignInFailedError
from .sign_in_request import SignInRequest
from .sign_in_response import SignInResponse
from .signed_in_response import SignedInResponse
from .source_enum import SourceEnum
from .standing import Standing
from .stats_response import StatsResponse
from .sum_must_be_11_error import SumMustBe11Error
from .tap_message import TapMessage
from .tap_request import TapRequest
from .tap_response import TapResponse
from .throttled_error import ThrottledError
from .token_not_found_error import TokenNotFoundError
from .token_response import TokenResponse
from .token_suspended_error import TokenSuspendedError
from .unknown_query_parameter_error import UnknownQueryParameterError
from .unknown_query_parameter_error_fields import UnknownQueryParameterErrorFields
from .unknown_query_parameter_error_fields_additional_property_type_1 import (
    UnknownQueryParameterErrorFieldsAdditionalPropertyType1,
)
from .unknown_username_error import UnknownUsernameError
from .unsupported_media_type_error import UnsupportedMediaTypeError
from .username_unavailable_error import UsernameUnavailableError
from .verification_link_invalid_error import VerificationLinkInvalidError
from .verified_email_response import VerifiedEmailResponse
from .verify_email_request import VerifyEmailRequest
from .version_conflict_error import VersionConflictError
from .versioned_request import VersionedRequest
from .winnable_not_offered_error import WinnableNotOfferedError
from .wrong_number_of_cards_error import WrongNumberOfCardsError
from .wrong_password_error import WrongPasswordError

__all__ = (
    "AcceptedResponse",
    "AccountCreatedResponse",
    "AccountCreateRequest",
    "AccountDeleteRequest",
    "AccountLockedError",
    "AccountResponse",
    "AlreadyInRaceError",
    "AlreadyMatchedError",
    "AppNotFoundError",
    "ArchiveAccount",
    "ArchiveDevice",
    "ArchiveEntry",
    "ArchiveGame",
    "ArchiveLinkCode",
    "ArchiveMembership",
    "ArchiveOrigin",
    "ArchivePlayer",
    "ArchiveQueue",
    "ArchiveRace",
    "ArchiveRating",
    "ArchiveResponse",
    "BestRank",
    "CannotFollowSelfError",
    "ChallengeBoardResponse",
    "ChallengeDailyOpenError",
    "ChallengeEntryResponse",
    "ChallengeGameNotOverError",
    "ChallengeGamePrivateError",
    "ChallengeMineResponse",
    "ChallengeNotFoundError",
    "ChallengeResponse",
    "ChallengeResultResponse",
    "ChallengesBoardAmong",
    "CodeEnum",
    "ConnectedAppListResponse",
    "ConnectedAppResponse",
    "CredentialsExistError",
    "CurrentSeasonsResponse",
    "DailyClosedError",
    "DailyDealResponse",
    "DailyGameHiddenError",
    "DailyLeaderboardAmong",
    "DailyLeaderboardAround",
    "DailyNotClosedError",
    "DailyResponse",
    "DailyStats",
    "DateInFutureError",
    "DealInRaceError",
    "DealNotForRacesError",
    "DeletionUnconfirmedError",
    "DeviceListResponse",
    "DeviceResponse",
    "DuplicatePositionError",
    "EmailRequest",
    "EmailUnavailableError",
    "EmptyPositionError",
    "EndReasonEnum",
    "EntryResponse",
    "EntryResultEnum",
    "FollowByUsernameRequest",
    "FollowingLimitError",
    "FollowingListResponse",
    "FollowResponse",
    "FormatEnum",
    "FormatVersionEnum",
    "GameCreateRequest",
    "GameFinishedError",
    "GameListResponse",
    "GameNotFoundError",
    "GamePrivateError",
    "GameResponse",
    "GamesListStatus",
    "GameStatusEnum",
    "GameSummary",
    "IdempotencyKeyInFlightError",
    "IdempotencyKeyReusedError",
    "InsufficientScopeError",
    "InvalidAroundError",
    "InvalidCursorError",
    "InvalidDateError",
    "InvalidDealCodeError",
    "InvalidIdempotencyKeyError",
    "InvalidJsonError",
    "InvalidNameError",
    "InvalidPageSizeError",
    "InvalidPasswordError",
    "InvalidPositionError",
    "InvalidRequestError",
    "InvalidRequestErrorFields",
    "InvalidRequestErrorFieldsAdditionalPropertyType1",
    "InvalidSeasonError",
    "InvalidTokenError",
    "InvalidUsernameError",
    "InviteNotFoundError",
    "IssuedEnum",
    "LanguageEnum",
    "LayoutPile",
    "LeaderboardResponse",
    "LinkCodeInvalidError",
    "LinkCodeResponse",
    "LinkRequest",
    "LogEntry",
    "LogEntryKindEnum",
    "LogResponse",
    "MembersNotReadyError",
    "MoveRequest",
    "NameLooksLikeAnotherError",
    "NeedsJackQueenKingError",
    "NoCredentialsError",
    "NotAcceptableError",
    "NotAuthenticatedError",
    "NotFoundError",
    "NothingToUndoError",
    "NotInQueueError",
    "NotOnLeaderboardError",
    "NotOnSeasonBoardError",
    "NotRaceHostError",
    "NotRatedError",
    "NotYourGameError",
    "OriginEnum",
    "Owner",
    "PasswordChangeRequest",
    "PasswordRequest",
    "PasswordResetConfirmRequest",
    "PasswordResetRequest",
    "PatchedDeviceRenameRequest",
    "PatchedGameUpdateRequest",
    "PatchedPlayerUpdateRequest",
    "PermissionDeniedError",
    "Pile",
    "PlacedCard",
    "PlayerCreatedResponse",
    "PlayerCreateRequest",
    "PlayerNotFoundError",
    "PlayerResponse",
    "PreconditionFailedError",
    "Progress",
    "QueueRequest",
    "QueueResponse",
    "QueueStatusEnum",
    "RaceCreateRequest",
    "RaceFullError",
    "RaceGameHiddenError",
    "RaceGamePrivateError",
    "RaceJoinRequest",
    "RaceMember",
    "RaceNeedsTwoError",
    "RaceNotFinishedError",
    "RaceNotFoundError",
    "RaceNotOpenError",
    "RaceOverError",
    "RaceReadyRequest",
    "RaceResponse",
    "RaceResultEnum",
    "RaceStats",
    "RaceStatusEnum",
    "Rating",
    "RatingEntry",
    "RatingsBoardAround",
    "RatingsBoardProvisional",
    "RatingsResponse",
    "ReasonEnum",
    "RecoveredResponse",
    "RecoverRequest",
    "RecoveryCodesResponse",
    "RecoveryCodeWrongError",
    "RecoveryFailedError",
    "RematchRef",
    "ReplayResponse",
    "ReplayStepOutOfRangeError",
    "RequestTooLargeError",
    "ReserveSlot",
    "ResetLinkInvalidError",
    "RevokedResponse",
    "ScopeEnum",
    "SeasonBoardResponse",
    "SeasonEntryResponse",
    "SeasonHistory",
    "SeasonKindEnum",
    "SeasonNotStartedError",
    "SeasonResponse",
    "SeasonsBoardAmong",
    "SeasonsBoardAround",
    "ServerErrorError",
    "ServiceUnavailableError",
    "Settings",
    "SettingsRequest",
    "SignedInResponse",
    "SignInFailedError",
    "SignInRequest",
    "SignInResponse",
    "SourceEnum",
    "Standing",
    "StatsResponse",
    "SumMustBe11Error",
    "TapMessage",
    "TapRequest",
    "TapResponse",
    "ThrottledError",
    "TokenNotFoundError",
    "TokenResponse",
    "TokenSuspendedError",
    "UnknownQueryParameterError",
    "UnknownQueryParameterErrorFields",
    "UnknownQueryParameterErrorFieldsAdditionalPropertyType1",
    "UnknownUsernameError",
    "UnsupportedMediaTypeError",
    "UsernameUnavailableError",
    "VerificationLinkInvalidError",
    "VerifiedEmailResponse",
    "VerifyEmailRequest",
    "VersionConflictError",
    "VersionedRequest",
    "WinnableNotOfferedError",
    "WrongNumberOfCardsError",
    "WrongPasswordError",
)
