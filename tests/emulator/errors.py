"""Discord's error responses and the record of rule violations.

`APIError` carries the status and JSON body Discord would answer with. Errors raised
because the bot broke one of Discord's rules carry a `violation` kind: the server records
them in a `ViolationLog`, and the test fixtures fail the test at teardown unless the test
said it expected them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

FormErrors = dict[str, Any]


class APIError(Exception):
    """An error answer: HTTP status plus Discord's JSON error body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: FormErrors | None = None,
        violation: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.violation = violation
        self.detail = ""  # for the test's report: which route, JSON pointer and value

    def body(self) -> dict[str, Any]:
        """The JSON body exactly as Discord shapes it."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


class ClientRefusal(AssertionError):
    """The test asked a member to do something Discord's client would not let them do."""


class NoResponse(AssertionError):
    """The bot did not answer an interaction in time (the user sees "did not respond")."""


class FormErrorCollector:
    """Collects field errors into Discord's nested `errors` tree."""

    def __init__(self) -> None:
        self.tree: FormErrors = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        """Record an error at a field path such as ("embeds", 0, "description")."""
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: tuple[str | int, ...], value: Any, limit: int) -> None:
        """Error if `value` (a str or list) is longer than `limit`."""
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def between(self, path: tuple[str | int, ...], value: Any, low: int, high: int) -> None:
        """Error unless low <= len(value) <= high."""
        if value is None or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def required(self, path: tuple[str | int, ...]) -> None:
        """Error for a missing required field."""
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def raise_if_any(self, violation: str = "invalid_form_body") -> None:
        """Raise Discord's 400 Invalid Form Body if anything was collected."""
        if self.tree:
            raise invalid_form_body(self.tree, violation=violation)


def invalid_form_body(errors: FormErrors, *, violation: str = "invalid_form_body") -> APIError:
    """400 / 50035, the answer to any payload Discord's validation rejects."""
    return APIError(400, 50035, "Invalid Form Body", errors=errors, violation=violation)


def not_found() -> APIError:
    """The answer to a route Discord does not have."""
    return APIError(404, 0, "404: Not Found", violation="unknown_route")


def unauthorized() -> APIError:
    """A missing or wrong bot token."""
    return APIError(401, 0, "401: Unauthorized", violation="unauthorized")


def unknown_message(*, violation: str | None = None) -> APIError:
    """404 / 10008; a violation only when the bot could have known better."""
    return APIError(404, 10008, "Unknown Message", violation=violation)


def unknown_channel() -> APIError:
    """404 / 10003."""
    return APIError(404, 10003, "Unknown Channel", violation="unknown_channel")


def unknown_interaction(violation: str) -> APIError:
    """404 / 10062: the interaction is unknown or its 3-second window has passed."""
    return APIError(404, 10062, "Unknown interaction", violation=violation)


def missing_permissions() -> APIError:
    """403 / 50013."""
    return APIError(403, 50013, "Missing Permissions", violation="missing_permissions")


@dataclass
class Violation:
    """One broken rule: what kind, which request, and Discord's answer."""

    kind: str
    route: str
    status: int
    body: dict[str, Any]
    expected: bool = False
    detail: str = ""

    def __str__(self) -> str:
        told = f"{self.kind}: {self.route} -> {self.status} {self.body}"
        return f"{told}\n      {self.detail}" if self.detail else told


class ExpectedViolations:
    """The violations recorded while an `expect()` block is open (a live view)."""

    def __init__(self, log: ViolationLog) -> None:
        self._log = log
        self._start = len(log.entries)
        self._end: int | None = None

    @property
    def all(self) -> list[Violation]:
        """Every violation seen in the block so far."""
        return self._log.entries[self._start : self._end]

    @property
    def kinds(self) -> list[str]:
        """The kinds of those violations, in order."""
        return [violation.kind for violation in self.all]

    def close(self) -> None:
        """Freeze the view when the block ends."""
        self._end = len(self._log.entries)


@dataclass
class ViolationLog:
    """All violations seen; those recorded inside `expect()` blocks count as expected."""

    entries: list[Violation] = field(default_factory=list)
    _expecting: int = 0

    def record(self, kind: str, route: str, error: APIError) -> Violation:
        """Remember a violation (as expected if a test is expecting them)."""
        violation = Violation(
            kind, route, error.status, error.body(), self._expecting > 0, error.detail
        )
        self.entries.append(violation)
        return violation

    @contextlib.contextmanager
    def expect(self) -> Iterator[ExpectedViolations]:
        """Within the block violations are expected; yields a live view of them."""
        view = ExpectedViolations(self)
        self._expecting += 1
        try:
            yield view
        finally:
            self._expecting -= 1
            view.close()

    def unexpected(self) -> list[Violation]:
        """Violations no test asked for."""
        return [violation for violation in self.entries if not violation.expected]
