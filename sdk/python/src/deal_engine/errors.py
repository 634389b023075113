"""One error type for every non-2xx answer, so callers catch a single class and switch
on ``status`` / ``code``. A 422 carries the FastAPI-style ``detail`` list."""

import json
from typing import Any, List, Optional

from ._generated.models import ErrorResponse, ValidationError

#: One field at fault in a 422: ``loc`` (e.g. ``["body", "cashPrice"]``), ``msg``, ``type``.
ValidationIssue = ValidationError
#: The body of every other error answer: ``detail``, ``code``, optional ``hint`` and ``details``.
ErrorBody = ErrorResponse


class DealEngineError(Exception):
    """The API answered with a non-2xx status (or with a body the client cannot read).

    Attributes:
        status: HTTP status of the answer.
        code: Stable service error code (``NOT_FOUND``, ``RATE_LIMITED``, ...);
            ``VALIDATION_ERROR`` for a 422 without one, ``HTTP_<status>`` otherwise.
        message: What went wrong, in words; for a 422 every field at fault.
        detail: For a 422, every field at fault; empty otherwise.
        hint: What to do next, when the service says.
        body: The parsed JSON body, or the raw text when it was not JSON.
    """

    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.body = body
        fields = body if isinstance(body, dict) else {}
        raw_detail = fields.get("detail")
        self.detail: List[ValidationIssue] = list(raw_detail) if isinstance(raw_detail, list) else []
        code = fields.get("code")
        if isinstance(code, str):
            self.code = code
        else:
            self.code = "VALIDATION_ERROR" if status == 422 else f"HTTP_{status}"
        hint = fields.get("hint")
        self.hint: Optional[str] = hint if isinstance(hint, str) else None
        self.message = _describe(raw_detail, body)
        super().__init__(f"{status} {self.code}: {self.message}")

    @classmethod
    def from_content(cls, status: int, content: bytes) -> "DealEngineError":
        """Reads an answer's raw body: JSON when it parses, the text otherwise (a proxy's HTML page, say)."""
        text = content.decode("utf-8", errors="replace")
        body: Any = text
        if text.strip() == "":
            body = None
        else:
            try:
                body = json.loads(text)
            except ValueError:
                pass
        return cls(status, body)

    def __reduce__(self) -> Any:
        # Exception pickling would call cls(message); rebuild from what __init__ takes.
        return (type(self), (self.status, self.body))


def _describe(detail: Any, body: Any) -> str:
    if isinstance(detail, str):
        return detail
    if isinstance(detail, list):
        issues = []
        for issue in detail:
            if isinstance(issue, dict):
                location = ".".join(str(part) for part in issue.get("loc", []))
                issues.append(f"{location}: {issue.get('msg', '')}")
        return "; ".join(issues) if issues else "validation failed"
    if isinstance(body, str) and body.strip() != "":
        return body.strip()[:200]
    return "request failed"
