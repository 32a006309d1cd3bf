from typing import Literal

ChallengeCreatorEntryResponseResultEnum = Literal["resigned", "stalled", "won"]

CHALLENGE_CREATOR_ENTRY_RESPONSE_RESULT_ENUM_VALUES: set[
    ChallengeCreatorEntryResponseResultEnum
] = {
    "resigned",
    "stalled",
    "won",
}


def check_challenge_creator_entry_response_result_enum(
    value: str,
) -> ChallengeCreatorEntryResponseResultEnum:
    if value in CHALLENGE_CREATOR_ENTRY_RESPONSE_RESULT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHALLENGE_CREATOR_ENTRY_RESPONSE_RESULT_ENUM_VALUES!r}"
    )
