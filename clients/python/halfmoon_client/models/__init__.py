"""Contains all the data models used in inputs/outputs"""

from .accepted_response import AcceptedResponse
from .account_create_request import AccountCreateRequest
from .account_created_response import AccountCreatedResponse
from .account_delete_request import AccountDeleteRequest
from .account_locked_error import AccountLockedError
from .account_locked_error_problem import AccountLockedErrorProblem
from .account_response import AccountResponse
from .already_in_race_error import AlreadyInRaceError
from .already_in_race_error_problem import AlreadyInRaceErrorProblem
from .already_matched_error import AlreadyMatchedError
from .already_matched_error_problem import AlreadyMatchedErrorProblem
from .app_not_found_error import AppNotFoundError
from .app_not_found_error_problem import AppNotFoundErrorProblem
from .app_registration_invalid_error import AppRegistrationInvalidError
from .app_registration_invalid_error_fields import AppRegistrationInvalidErrorFields
from .app_registration_invalid_error_fields_additional_property_type_1 import (
    AppRegistrationInvalidErrorFieldsAdditionalPropertyType1,
)
from .app_registration_invalid_error_problem import AppRegistrationInvalidErrorProblem
from .app_registration_invalid_error_problem_fields import (
    AppRegistrationInvalidErrorProblemFields,
)
from .app_registration_invalid_error_problem_fields_additional_property_type_1 import (
    AppRegistrationInvalidErrorProblemFieldsAdditionalPropertyType1,
)
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
from .cannot_follow_self_error_problem import CannotFollowSelfErrorProblem
from .challenge_board_response import ChallengeBoardResponse
from .challenge_creator_entry_response import ChallengeCreatorEntryResponse
from .challenge_creator_entry_response_result_enum import (
    ChallengeCreatorEntryResponseResultEnum,
)
from .challenge_daily_open_error import ChallengeDailyOpenError
from .challenge_daily_open_error_problem import ChallengeDailyOpenErrorProblem
from .challenge_entry_response import ChallengeEntryResponse
from .challenge_game_not_over_error import ChallengeGameNotOverError
from .challenge_game_not_over_error_problem import ChallengeGameNotOverErrorProblem
from .challenge_game_private_error import ChallengeGamePrivateError
from .challenge_game_private_error_problem import ChallengeGamePrivateErrorProblem
from .challenge_mine_response import ChallengeMineResponse
from .challenge_not_found_error import ChallengeNotFoundError
from .challenge_not_found_error_problem import ChallengeNotFoundErrorProblem
from .challenge_response import ChallengeResponse
from .challenge_result_response import ChallengeResultResponse
from .challenges_board_among import ChallengesBoardAmong
from .code_enum import CodeEnum
from .connected_app_list_response import ConnectedAppListResponse
from .connected_app_response import ConnectedAppResponse
from .credentials_exist_error import CredentialsExistError
from .credentials_exist_error_problem import CredentialsExistErrorProblem
from .current_seasons_response import CurrentSeasonsResponse
from .daily_closed_error import DailyClosedError
from .daily_closed_error_problem import DailyClosedErrorProblem
from .daily_deal_response import DailyDealResponse
from .daily_game_hidden_error import DailyGameHiddenError
from .daily_game_hidden_error_problem import DailyGameHiddenErrorProblem
from .daily_leaderboard_among import DailyLeaderboardAmong
from .daily_leaderboard_around import DailyLeaderboardAround
from .daily_not_closed_error import DailyNotClosedError
from .daily_not_closed_error_problem import DailyNotClosedErrorProblem
from .daily_response import DailyResponse
from .daily_stats import DailyStats
from .date_in_future_error import DateInFutureError
from .date_in_future_error_problem import DateInFutureErrorProblem
from .deal_enum import DealEnum
from .deal_in_race_error import DealInRaceError
from .deal_in_race_error_problem import DealInRaceErrorProblem
from .deal_not_for_races_error import DealNotForRacesError
from .deal_not_for_races_error_problem import DealNotForRacesErrorProblem
from .deletion_unconfirmed_error import DeletionUnconfirmedError
from .deletion_unconfirmed_error_problem import DeletionUnconfirmedErrorProblem
from .delivery_attempt_response import DeliveryAttemptResponse
from .delivery_list_response import DeliveryListResponse
from .delivery_response import DeliveryResponse
from .delivery_response_status_enum import DeliveryResponseStatusEnum
from .device_list_response import DeviceListResponse
from .device_response import DeviceResponse
from .duplicate_position_error import DuplicatePositionError
from .duplicate_position_error_problem import DuplicatePositionErrorProblem
from .email_request import EmailRequest
from .email_unavailable_error import EmailUnavailableError
from .email_unavailable_error_problem import EmailUnavailableErrorProblem
from .empty_position_error import EmptyPositionError
from .empty_position_error_problem import EmptyPositionErrorProblem
from .end_reason_enum import EndReasonEnum
from .entry_response import EntryResponse
from .entry_result_enum import EntryResultEnum
from .follow_by_username_request import FollowByUsernameRequest
from .follow_response import FollowResponse
from .following_limit_error import FollowingLimitError
from .following_limit_error_problem import FollowingLimitErrorProblem
from .following_list_response import FollowingListResponse
from .format_enum import FormatEnum
from .format_version_enum import FormatVersionEnum
from .game_challenge import GameChallenge
from .game_challenge_result import GameChallengeResult
from .game_challenge_result_status_enum import GameChallengeResultStatusEnum
from .game_create_request import GameCreateRequest
from .game_finished_error import GameFinishedError
from .game_finished_error_problem import GameFinishedErrorProblem
from .game_list_response import GameListResponse
from .game_not_found_error import GameNotFoundError
from .game_not_found_error_problem import GameNotFoundErrorProblem
from .game_private_error import GamePrivateError
from .game_private_error_problem import GamePrivateErrorProblem
from .game_response import GameResponse
from .game_status_enum import GameStatusEnum
from .game_summary import GameSummary
from .games_list_status import GamesListStatus
from .idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from .idempotency_key_in_flight_error_problem import IdempotencyKeyInFlightErrorProblem
from .idempotency_key_reused_error import IdempotencyKeyReusedError
from .idempotency_key_reused_error_problem import IdempotencyKeyReusedErrorProblem
from .insufficient_scope_error import InsufficientScopeError
from .insufficient_scope_error_problem import InsufficientScopeErrorProblem
from .invalid_around_error import InvalidAroundError
from .invalid_around_error_problem import InvalidAroundErrorProblem
from .invalid_cursor_error import InvalidCursorError
from .invalid_cursor_error_problem import InvalidCursorErrorProblem
from .invalid_date_error import InvalidDateError
from .invalid_date_error_problem import InvalidDateErrorProblem
from .invalid_deal_code_error import InvalidDealCodeError
from .invalid_deal_code_error_problem import InvalidDealCodeErrorProblem
from .invalid_idempotency_key_error import InvalidIdempotencyKeyError
from .invalid_idempotency_key_error_problem import InvalidIdempotencyKeyErrorProblem
from .invalid_json_error import InvalidJsonError
from .invalid_json_error_problem import InvalidJsonErrorProblem
from .invalid_name_error import InvalidNameError
from .invalid_name_error_problem import InvalidNameErrorProblem
from .invalid_page_size_error import InvalidPageSizeError
from .invalid_page_size_error_problem import InvalidPageSizeErrorProblem
from .invalid_password_error import InvalidPasswordError
from .invalid_password_error_problem import InvalidPasswordErrorProblem
from .invalid_position_error import InvalidPositionError
from .invalid_position_error_problem import InvalidPositionErrorProblem
from .invalid_request_error import InvalidRequestError
from .invalid_request_error_fields import InvalidRequestErrorFields
from .invalid_request_error_fields_additional_property_type_1 import (
    InvalidRequestErrorFieldsAdditionalPropertyType1,
)
from .invalid_request_error_problem import InvalidRequestErrorProblem
from .invalid_request_error_problem_fields import InvalidRequestErrorProblemFields
from .invalid_request_error_problem_fields_additional_property_type_1 import (
    InvalidRequestErrorProblemFieldsAdditionalPropertyType1,
)
from .invalid_season_error import InvalidSeasonError
from .invalid_season_error_problem import InvalidSeasonErrorProblem
from .invalid_token_error import InvalidTokenError
from .invalid_token_error_problem import InvalidTokenErrorProblem
from .invalid_username_error import InvalidUsernameError
from .invalid_username_error_problem import InvalidUsernameErrorProblem
from .invalid_webhook_error import InvalidWebhookError
from .invalid_webhook_error_problem import InvalidWebhookErrorProblem
from .invite_not_found_error import InviteNotFoundError
from .invite_not_found_error_problem import InviteNotFoundErrorProblem
from .issued_enum import IssuedEnum
from .language_enum import LanguageEnum
from .layout_pile import LayoutPile
from .leaderboard_response import LeaderboardResponse
from .link_code_invalid_error import LinkCodeInvalidError
from .link_code_invalid_error_problem import LinkCodeInvalidErrorProblem
from .link_code_response import LinkCodeResponse
from .link_request import LinkRequest
from .log_entry import LogEntry
from .log_entry_kind_enum import LogEntryKindEnum
from .log_response import LogResponse
from .members_not_ready_error import MembersNotReadyError
from .members_not_ready_error_problem import MembersNotReadyErrorProblem
from .move_request import MoveRequest
from .name_looks_like_another_error import NameLooksLikeAnotherError
from .name_looks_like_another_error_problem import NameLooksLikeAnotherErrorProblem
from .needs_jack_queen_king_error import NeedsJackQueenKingError
from .needs_jack_queen_king_error_problem import NeedsJackQueenKingErrorProblem
from .new_personal_token_response import NewPersonalTokenResponse
from .new_webhook_response import NewWebhookResponse
from .no_credentials_error import NoCredentialsError
from .no_credentials_error_problem import NoCredentialsErrorProblem
from .not_acceptable_error import NotAcceptableError
from .not_acceptable_error_problem import NotAcceptableErrorProblem
from .not_authenticated_error import NotAuthenticatedError
from .not_authenticated_error_problem import NotAuthenticatedErrorProblem
from .not_found_error import NotFoundError
from .not_found_error_problem import NotFoundErrorProblem
from .not_in_queue_error import NotInQueueError
from .not_in_queue_error_problem import NotInQueueErrorProblem
from .not_on_leaderboard_error import NotOnLeaderboardError
from .not_on_leaderboard_error_problem import NotOnLeaderboardErrorProblem
from .not_on_season_board_error import NotOnSeasonBoardError
from .not_on_season_board_error_problem import NotOnSeasonBoardErrorProblem
from .not_race_host_error import NotRaceHostError
from .not_race_host_error_problem import NotRaceHostErrorProblem
from .not_rated_error import NotRatedError
from .not_rated_error_problem import NotRatedErrorProblem
from .not_your_game_error import NotYourGameError
from .not_your_game_error_problem import NotYourGameErrorProblem
from .nothing_to_undo_error import NothingToUndoError
from .nothing_to_undo_error_problem import NothingToUndoErrorProblem
from .open_race import OpenRace
from .open_races_response import OpenRacesResponse
from .origin_enum import OriginEnum
from .own_app_limit_error import OwnAppLimitError
from .own_app_limit_error_problem import OwnAppLimitErrorProblem
from .own_app_list_response import OwnAppListResponse
from .own_app_not_found_error import OwnAppNotFoundError
from .own_app_not_found_error_problem import OwnAppNotFoundErrorProblem
from .own_app_request import OwnAppRequest
from .own_app_response import OwnAppResponse
from .own_device_required_error import OwnDeviceRequiredError
from .own_device_required_error_problem import OwnDeviceRequiredErrorProblem
from .owner import Owner
from .password_change_request import PasswordChangeRequest
from .password_request import PasswordRequest
from .password_reset_confirm_request import PasswordResetConfirmRequest
from .password_reset_request import PasswordResetRequest
from .patched_device_rename_request import PatchedDeviceRenameRequest
from .patched_game_update_request import PatchedGameUpdateRequest
from .patched_player_update_request import PatchedPlayerUpdateRequest
from .permission_denied_error import PermissionDeniedError
from .permission_denied_error_problem import PermissionDeniedErrorProblem
from .personal_token_limit_error import PersonalTokenLimitError
from .personal_token_limit_error_problem import PersonalTokenLimitErrorProblem
from .personal_token_list_response import PersonalTokenListResponse
from .personal_token_not_found_error import PersonalTokenNotFoundError
from .personal_token_not_found_error_problem import PersonalTokenNotFoundErrorProblem
from .personal_token_request import PersonalTokenRequest
from .personal_token_response import PersonalTokenResponse
from .pile import Pile
from .placed_card import PlacedCard
from .player_create_request import PlayerCreateRequest
from .player_created_response import PlayerCreatedResponse
from .player_not_found_error import PlayerNotFoundError
from .player_not_found_error_problem import PlayerNotFoundErrorProblem
from .player_response import PlayerResponse
from .precondition_failed_error import PreconditionFailedError
from .precondition_failed_error_problem import PreconditionFailedErrorProblem
from .progress import Progress
from .queue_request import QueueRequest
from .queue_response import QueueResponse
from .queue_status_enum import QueueStatusEnum
from .race_create_request import RaceCreateRequest
from .race_full_error import RaceFullError
from .race_full_error_problem import RaceFullErrorProblem
from .race_game_hidden_error import RaceGameHiddenError
from .race_game_hidden_error_problem import RaceGameHiddenErrorProblem
from .race_game_private_error import RaceGamePrivateError
from .race_game_private_error_problem import RaceGamePrivateErrorProblem
from .race_join_request import RaceJoinRequest
from .race_member import RaceMember
from .race_needs_two_error import RaceNeedsTwoError
from .race_needs_two_error_problem import RaceNeedsTwoErrorProblem
from .race_not_finished_error import RaceNotFinishedError
from .race_not_finished_error_problem import RaceNotFinishedErrorProblem
from .race_not_found_error import RaceNotFoundError
from .race_not_found_error_problem import RaceNotFoundErrorProblem
from .race_not_open_error import RaceNotOpenError
from .race_not_open_error_problem import RaceNotOpenErrorProblem
from .race_over_error import RaceOverError
from .race_over_error_problem import RaceOverErrorProblem
from .race_ready_request import RaceReadyRequest
from .race_response import RaceResponse
from .race_result_enum import RaceResultEnum
from .race_stats import RaceStats
from .race_status_enum import RaceStatusEnum
from .races_open_status import RacesOpenStatus
from .rating import Rating
from .rating_entry import RatingEntry
from .ratings_board_around import RatingsBoardAround
from .ratings_board_provisional import RatingsBoardProvisional
from .ratings_response import RatingsResponse
from .reason_enum import ReasonEnum
from .recover_request import RecoverRequest
from .recovered_response import RecoveredResponse
from .recovery_code_wrong_error import RecoveryCodeWrongError
from .recovery_code_wrong_error_problem import RecoveryCodeWrongErrorProblem
from .recovery_codes_response import RecoveryCodesResponse
from .recovery_failed_error import RecoveryFailedError
from .recovery_failed_error_problem import RecoveryFailedErrorProblem
from .rematch_ref import RematchRef
from .replay_response import ReplayResponse
from .replay_step_out_of_range_error import ReplayStepOutOfRangeError
from .replay_step_out_of_range_error_problem import ReplayStepOutOfRangeErrorProblem
from .request_too_large_error import RequestTooLargeError
from .request_too_large_error_problem import RequestTooLargeErrorProblem
from .reserve_slot import ReserveSlot
from .reset_link_invalid_error import ResetLinkInvalidError
from .reset_link_invalid_error_problem import ResetLinkInvalidErrorProblem
from .revoked_response import RevokedResponse
from .scope_enum import ScopeEnum
from .season_board_response import SeasonBoardResponse
from .season_entry_response import SeasonEntryResponse
from .season_history import SeasonHistory
from .season_kind_enum import SeasonKindEnum
from .season_not_started_error import SeasonNotStartedError
from .season_not_started_error_problem import SeasonNotStartedErrorProblem
from .season_response import SeasonResponse
from .seasons_board_among import SeasonsBoardAmong
from .seasons_board_around import SeasonsBoardAround
from .server_error_error import ServerErrorError
from .server_error_error_problem import ServerErrorErrorProblem
from .service_unavailable_error import ServiceUnavailableError
from .service_unavailable_error_problem import ServiceUnavailableErrorProblem
from .settings import Settings
from .settings_request import SettingsRequest
from .sign_in_failed_error import SignInFailedError
from .sign_in_failed_error_problem import SignInFailedErrorProblem
from .sign_in_request import SignInRequest
from .sign_in_response import SignInResponse
from .signed_in_response import SignedInResponse
from .source_enum import SourceEnum
from .standing import Standing
from .stats_response import StatsResponse
from .sum_must_be_11_error import SumMustBe11Error
from .sum_must_be_11_error_problem import SumMustBe11ErrorProblem
from .tap_message import TapMessage
from .tap_request import TapRequest
from .tap_response import TapResponse
from .throttled_error import ThrottledError
from .throttled_error_problem import ThrottledErrorProblem
from .token_not_found_error import TokenNotFoundError
from .token_not_found_error_problem import TokenNotFoundErrorProblem
from .token_response import TokenResponse
from .token_suspended_error import TokenSuspendedError
from .token_suspended_error_problem import TokenSuspendedErrorProblem
from .unknown_query_parameter_error import UnknownQueryParameterError
from .unknown_query_parameter_error_fields import UnknownQueryParameterErrorFields
from .unknown_query_parameter_error_fields_additional_property_type_1 import (
    UnknownQueryParameterErrorFieldsAdditionalPropertyType1,
)
from .unknown_query_parameter_error_problem import UnknownQueryParameterErrorProblem
from .unknown_query_parameter_error_problem_fields import (
    UnknownQueryParameterErrorProblemFields,
)
from .unknown_query_parameter_error_problem_fields_additional_property_type_1 import (
    UnknownQueryParameterErrorProblemFieldsAdditionalPropertyType1,
)
from .unknown_username_error import UnknownUsernameError
from .unknown_username_error_problem import UnknownUsernameErrorProblem
from .unsupported_media_type_error import UnsupportedMediaTypeError
from .unsupported_media_type_error_problem import UnsupportedMediaTypeErrorProblem
from .username_unavailable_error import UsernameUnavailableError
from .username_unavailable_error_problem import UsernameUnavailableErrorProblem
from .verification_link_invalid_error import VerificationLinkInvalidError
from .verification_link_invalid_error_problem import VerificationLinkInvalidErrorProblem
from .verified_email_response import VerifiedEmailResponse
from .verify_email_request import VerifyEmailRequest
from .version_conflict_error import VersionConflictError
from .version_conflict_error_problem import VersionConflictErrorProblem
from .versioned_request import VersionedRequest
from .webhook_delivery_not_found_error import WebhookDeliveryNotFoundError
from .webhook_delivery_not_found_error_problem import (
    WebhookDeliveryNotFoundErrorProblem,
)
from .webhook_disabled_error import WebhookDisabledError
from .webhook_disabled_error_problem import WebhookDisabledErrorProblem
from .webhook_event_enum import WebhookEventEnum
from .webhook_list_response import WebhookListResponse
from .webhook_not_found_error import WebhookNotFoundError
from .webhook_not_found_error_problem import WebhookNotFoundErrorProblem
from .webhook_request import WebhookRequest
from .webhook_response import WebhookResponse
from .winnable_not_offered_error import WinnableNotOfferedError
from .winnable_not_offered_error_problem import WinnableNotOfferedErrorProblem
from .wrong_number_of_cards_error import WrongNumberOfCardsError
from .wrong_number_of_cards_error_problem import WrongNumberOfCardsErrorProblem
from .wrong_password_error import WrongPasswordError
from .wrong_password_error_problem import WrongPasswordErrorProblem

__all__ = (
    "AcceptedResponse",
    "AccountCreatedResponse",
    "AccountCreateRequest",
    "AccountDeleteRequest",
    "AccountLockedError",
    "AccountLockedErrorProblem",
    "AccountResponse",
    "AlreadyInRaceError",
    "AlreadyInRaceErrorProblem",
    "AlreadyMatchedError",
    "AlreadyMatchedErrorProblem",
    "AppNotFoundError",
    "AppNotFoundErrorProblem",
    "AppRegistrationInvalidError",
    "AppRegistrationInvalidErrorFields",
    "AppRegistrationInvalidErrorFieldsAdditionalPropertyType1",
    "AppRegistrationInvalidErrorProblem",
    "AppRegistrationInvalidErrorProblemFields",
    "AppRegistrationInvalidErrorProblemFieldsAdditionalPropertyType1",
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
    "CannotFollowSelfErrorProblem",
    "ChallengeBoardResponse",
    "ChallengeCreatorEntryResponse",
    "ChallengeCreatorEntryResponseResultEnum",
    "ChallengeDailyOpenError",
    "ChallengeDailyOpenErrorProblem",
    "ChallengeEntryResponse",
    "ChallengeGameNotOverError",
    "ChallengeGameNotOverErrorProblem",
    "ChallengeGamePrivateError",
    "ChallengeGamePrivateErrorProblem",
    "ChallengeMineResponse",
    "ChallengeNotFoundError",
    "ChallengeNotFoundErrorProblem",
    "ChallengeResponse",
    "ChallengeResultResponse",
    "ChallengesBoardAmong",
    "CodeEnum",
    "ConnectedAppListResponse",
    "ConnectedAppResponse",
    "CredentialsExistError",
    "CredentialsExistErrorProblem",
    "CurrentSeasonsResponse",
    "DailyClosedError",
    "DailyClosedErrorProblem",
    "DailyDealResponse",
    "DailyGameHiddenError",
    "DailyGameHiddenErrorProblem",
    "DailyLeaderboardAmong",
    "DailyLeaderboardAround",
    "DailyNotClosedError",
    "DailyNotClosedErrorProblem",
    "DailyResponse",
    "DailyStats",
    "DateInFutureError",
    "DateInFutureErrorProblem",
    "DealEnum",
    "DealInRaceError",
    "DealInRaceErrorProblem",
    "DealNotForRacesError",
    "DealNotForRacesErrorProblem",
    "DeletionUnconfirmedError",
    "DeletionUnconfirmedErrorProblem",
    "DeliveryAttemptResponse",
    "DeliveryListResponse",
    "DeliveryResponse",
    "DeliveryResponseStatusEnum",
    "DeviceListResponse",
    "DeviceResponse",
    "DuplicatePositionError",
    "DuplicatePositionErrorProblem",
    "EmailRequest",
    "EmailUnavailableError",
    "EmailUnavailableErrorProblem",
    "EmptyPositionError",
    "EmptyPositionErrorProblem",
    "EndReasonEnum",
    "EntryResponse",
    "EntryResultEnum",
    "FollowByUsernameRequest",
    "FollowingLimitError",
    "FollowingLimitErrorProblem",
    "FollowingListResponse",
    "FollowResponse",
    "FormatEnum",
    "FormatVersionEnum",
    "GameChallenge",
    "GameChallengeResult",
    "GameChallengeResultStatusEnum",
    "GameCreateRequest",
    "GameFinishedError",
    "GameFinishedErrorProblem",
    "GameListResponse",
    "GameNotFoundError",
    "GameNotFoundErrorProblem",
    "GamePrivateError",
    "GamePrivateErrorProblem",
    "GameResponse",
    "GamesListStatus",
    "GameStatusEnum",
    "GameSummary",
    "IdempotencyKeyInFlightError",
    "IdempotencyKeyInFlightErrorProblem",
    "IdempotencyKeyReusedError",
    "IdempotencyKeyReusedErrorProblem",
    "InsufficientScopeError",
    "InsufficientScopeErrorProblem",
    "InvalidAroundError",
    "InvalidAroundErrorProblem",
    "InvalidCursorError",
    "InvalidCursorErrorProblem",
    "InvalidDateError",
    "InvalidDateErrorProblem",
    "InvalidDealCodeError",
    "InvalidDealCodeErrorProblem",
    "InvalidIdempotencyKeyError",
    "InvalidIdempotencyKeyErrorProblem",
    "InvalidJsonError",
    "InvalidJsonErrorProblem",
    "InvalidNameError",
    "InvalidNameErrorProblem",
    "InvalidPageSizeError",
    "InvalidPageSizeErrorProblem",
    "InvalidPasswordError",
    "InvalidPasswordErrorProblem",
    "InvalidPositionError",
    "InvalidPositionErrorProblem",
    "InvalidRequestError",
    "InvalidRequestErrorFields",
    "InvalidRequestErrorFieldsAdditionalPropertyType1",
    "InvalidRequestErrorProblem",
    "InvalidRequestErrorProblemFields",
    "InvalidRequestErrorProblemFieldsAdditionalPropertyType1",
    "InvalidSeasonError",
    "InvalidSeasonErrorProblem",
    "InvalidTokenError",
    "InvalidTokenErrorProblem",
    "InvalidUsernameError",
    "InvalidUsernameErrorProblem",
    "InvalidWebhookError",
    "InvalidWebhookErrorProblem",
    "InviteNotFoundError",
    "InviteNotFoundErrorProblem",
    "IssuedEnum",
    "LanguageEnum",
    "LayoutPile",
    "LeaderboardResponse",
    "LinkCodeInvalidError",
    "LinkCodeInvalidErrorProblem",
    "LinkCodeResponse",
    "LinkRequest",
    "LogEntry",
    "LogEntryKindEnum",
    "LogResponse",
    "MembersNotReadyError",
    "MembersNotReadyErrorProblem",
    "MoveRequest",
    "NameLooksLikeAnotherError",
    "NameLooksLikeAnotherErrorProblem",
    "NeedsJackQueenKingError",
    "NeedsJackQueenKingErrorProblem",
    "NewPersonalTokenResponse",
    "NewWebhookResponse",
    "NoCredentialsError",
    "NoCredentialsErrorProblem",
    "NotAcceptableError",
    "NotAcceptableErrorProblem",
    "NotAuthenticatedError",
    "NotAuthenticatedErrorProblem",
    "NotFoundError",
    "NotFoundErrorProblem",
    "NothingToUndoError",
    "NothingToUndoErrorProblem",
    "NotInQueueError",
    "NotInQueueErrorProblem",
    "NotOnLeaderboardError",
    "NotOnLeaderboardErrorProblem",
    "NotOnSeasonBoardError",
    "NotOnSeasonBoardErrorProblem",
    "NotRaceHostError",
    "NotRaceHostErrorProblem",
    "NotRatedError",
    "NotRatedErrorProblem",
    "NotYourGameError",
    "NotYourGameErrorProblem",
    "OpenRace",
    "OpenRacesResponse",
    "OriginEnum",
    "OwnAppLimitError",
    "OwnAppLimitErrorProblem",
    "OwnAppListResponse",
    "OwnAppNotFoundError",
    "OwnAppNotFoundErrorProblem",
    "OwnAppRequest",
    "OwnAppResponse",
    "OwnDeviceRequiredError",
    "OwnDeviceRequiredErrorProblem",
    "Owner",
    "PasswordChangeRequest",
    "PasswordRequest",
    "PasswordResetConfirmRequest",
    "PasswordResetRequest",
    "PatchedDeviceRenameRequest",
    "PatchedGameUpdateRequest",
    "PatchedPlayerUpdateRequest",
    "PermissionDeniedError",
    "PermissionDeniedErrorProblem",
    "PersonalTokenLimitError",
    "PersonalTokenLimitErrorProblem",
    "PersonalTokenListResponse",
    "PersonalTokenNotFoundError",
    "PersonalTokenNotFoundErrorProblem",
    "PersonalTokenRequest",
    "PersonalTokenResponse",
    "Pile",
    "PlacedCard",
    "PlayerCreatedResponse",
    "PlayerCreateRequest",
    "PlayerNotFoundError",
    "PlayerNotFoundErrorProblem",
    "PlayerResponse",
    "PreconditionFailedError",
    "PreconditionFailedErrorProblem",
    "Progress",
    "QueueRequest",
    "QueueResponse",
    "QueueStatusEnum",
    "RaceCreateRequest",
    "RaceFullError",
    "RaceFullErrorProblem",
    "RaceGameHiddenError",
    "RaceGameHiddenErrorProblem",
    "RaceGamePrivateError",
    "RaceGamePrivateErrorProblem",
    "RaceJoinRequest",
    "RaceMember",
    "RaceNeedsTwoError",
    "RaceNeedsTwoErrorProblem",
    "RaceNotFinishedError",
    "RaceNotFinishedErrorProblem",
    "RaceNotFoundError",
    "RaceNotFoundErrorProblem",
    "RaceNotOpenError",
    "RaceNotOpenErrorProblem",
    "RaceOverError",
    "RaceOverErrorProblem",
    "RaceReadyRequest",
    "RaceResponse",
    "RaceResultEnum",
    "RacesOpenStatus",
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
    "RecoveryCodeWrongErrorProblem",
    "RecoveryFailedError",
    "RecoveryFailedErrorProblem",
    "RematchRef",
    "ReplayResponse",
    "ReplayStepOutOfRangeError",
    "ReplayStepOutOfRangeErrorProblem",
    "RequestTooLargeError",
    "RequestTooLargeErrorProblem",
    "ReserveSlot",
    "ResetLinkInvalidError",
    "ResetLinkInvalidErrorProblem",
    "RevokedResponse",
    "ScopeEnum",
    "SeasonBoardResponse",
    "SeasonEntryResponse",
    "SeasonHistory",
    "SeasonKindEnum",
    "SeasonNotStartedError",
    "SeasonNotStartedErrorProblem",
    "SeasonResponse",
    "SeasonsBoardAmong",
    "SeasonsBoardAround",
    "ServerErrorError",
    "ServerErrorErrorProblem",
    "ServiceUnavailableError",
    "ServiceUnavailableErrorProblem",
    "Settings",
    "SettingsRequest",
    "SignedInResponse",
    "SignInFailedError",
    "SignInFailedErrorProblem",
    "SignInRequest",
    "SignInResponse",
    "SourceEnum",
    "Standing",
    "StatsResponse",
    "SumMustBe11Error",
    "SumMustBe11ErrorProblem",
    "TapMessage",
    "TapRequest",
    "TapResponse",
    "ThrottledError",
    "ThrottledErrorProblem",
    "TokenNotFoundError",
    "TokenNotFoundErrorProblem",
    "TokenResponse",
    "TokenSuspendedError",
    "TokenSuspendedErrorProblem",
    "UnknownQueryParameterError",
    "UnknownQueryParameterErrorFields",
    "UnknownQueryParameterErrorFieldsAdditionalPropertyType1",
    "UnknownQueryParameterErrorProblem",
    "UnknownQueryParameterErrorProblemFields",
    "UnknownQueryParameterErrorProblemFieldsAdditionalPropertyType1",
    "UnknownUsernameError",
    "UnknownUsernameErrorProblem",
    "UnsupportedMediaTypeError",
    "UnsupportedMediaTypeErrorProblem",
    "UsernameUnavailableError",
    "UsernameUnavailableErrorProblem",
    "VerificationLinkInvalidError",
    "VerificationLinkInvalidErrorProblem",
    "VerifiedEmailResponse",
    "VerifyEmailRequest",
    "VersionConflictError",
    "VersionConflictErrorProblem",
    "VersionedRequest",
    "WebhookDeliveryNotFoundError",
    "WebhookDeliveryNotFoundErrorProblem",
    "WebhookDisabledError",
    "WebhookDisabledErrorProblem",
    "WebhookEventEnum",
    "WebhookListResponse",
    "WebhookNotFoundError",
    "WebhookNotFoundErrorProblem",
    "WebhookRequest",
    "WebhookResponse",
    "WinnableNotOfferedError",
    "WinnableNotOfferedErrorProblem",
    "WrongNumberOfCardsError",
    "WrongNumberOfCardsErrorProblem",
    "WrongPasswordError",
    "WrongPasswordErrorProblem",
)
