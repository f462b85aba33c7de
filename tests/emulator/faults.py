"""Fault injection: make chosen REST routes answer 429 or 5xx, or answer late.

Routes are named by method and Discord's path template, e.g.
`"POST /interactions/{interaction_id}/{interaction_token}/callback"`; a rule's pattern is
matched with shell wildcards, so `"POST /interactions/*"` or `"* /channels/*"` work too.
Gateway faults (dropping the connection, delaying dispatches) live on `Gateway` and
`Faults.gateway_delay`.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field


@dataclass
class FaultRule:
    """One injected fault: which routes, what happens, how many more times."""

    pattern: str
    status: int | None = None
    retry_after: float = 0.0
    is_global: bool = False
    delay: float = 0.0
    times: int | None = 1
    #: Handle the request first, then delay or fail the answer: the work is done, but the
    #: bot learns it late or never (a crash meanwhile, a reply lost on the way back).
    after: bool = False

    def matches(self, route: str) -> bool:
        """Whether this rule applies to a route like "POST /channels/{channel_id}/messages"."""
        return fnmatch.fnmatchcase(route, self.pattern)


@dataclass
class FaultRecord:
    """A fault that was actually served."""

    route: str
    status: int | None
    delay: float


@dataclass
class Faults:
    """The active fault rules and a record of what was served."""

    rules: list[FaultRule] = field(default_factory=list)
    served: list[FaultRecord] = field(default_factory=list)
    gateway_delay: float = 0.0

    def rate_limit(
        self,
        pattern: str,
        *,
        retry_after: float = 0.2,
        times: int | None = 1,
        is_global: bool = False,
    ) -> FaultRule:
        """Answer matching requests with 429 and `retry_after` seconds."""
        return self._add(FaultRule(pattern, 429, retry_after, is_global, times=times))

    def server_error(self, pattern: str, *, status: int = 500, times: int | None = 1) -> FaultRule:
        """Answer matching requests with a 5xx status."""
        if not 500 <= status <= 599:
            raise ValueError("server_error needs a 5xx status")
        return self._add(FaultRule(pattern, status, times=times))

    def delay(self, pattern: str, seconds: float, *, times: int | None = None) -> FaultRule:
        """Hold matching requests for `seconds` before handling them (a slow link)."""
        return self._add(FaultRule(pattern, delay=seconds, times=times))

    def late_answer(
        self, pattern: str, seconds: float, *, status: int | None = None, times: int | None = 1
    ) -> FaultRule:
        """Handle matching requests, then hold the answer `seconds` (and answer `status`,
        a 5xx, instead of the real answer if given): done on Discord's side, unknown to the
        bot until then."""
        if status is not None and not 500 <= status <= 599:
            raise ValueError("late_answer fails only with a 5xx status")
        return self._add(FaultRule(pattern, status, delay=seconds, times=times, after=True))

    def clear(self) -> None:
        """Remove every rule and the gateway delay."""
        self.rules.clear()
        self.gateway_delay = 0.0

    def take(self, route: str) -> FaultRule | None:
        """The first rule matching `route` (counting one use of it), or None."""
        for rule in self.rules:
            if rule.matches(route):
                if rule.times is not None:
                    rule.times -= 1
                    if rule.times <= 0:
                        self.rules.remove(rule)
                self.served.append(FaultRecord(route, rule.status, rule.delay))
                return rule
        return None

    def _add(self, rule: FaultRule) -> FaultRule:
        self.rules.append(rule)
        return rule
