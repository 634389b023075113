"""The "not given" sentinel: an optional argument left at NOT_GIVEN is not sent at all.

None cannot play that role because several fields accept an explicit null.
"""

from typing import Any


class NotGiven:
    """Type of NOT_GIVEN; falsy, and there is only ever one."""

    _instance: "NotGiven | None" = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __reduce__(self) -> Any:
        return (NotGiven, ())


NOT_GIVEN = NotGiven()
