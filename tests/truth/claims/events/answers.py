"""The event checkers of a message no table's game covers: a tournament's sign-up post
and private answers, the ``/play`` queue's answers, and a game's greeting that no table's
commentary took."""

from __future__ import annotations

from tests.truth.claims.events.queue import queue_findings
from tests.truth.claims.events.records import Finding, Records
from tests.truth.claims.events.signup import signup_answers, signup_post
from tests.truth.claims.events.tables import greeting_findings
from tests.truth.playing.recorder import Shown


def event_findings(version: Shown, records: Records) -> list[Finding]:
    """(kind, said, truth or None) for each event statement of a message version."""
    if version.private_for is None:
        return (signup_post(version.text, version.title, version.at, records)
                + greeting_findings(version.text, version.channel_id, version.at,
                                    records.tables))
    return (signup_answers(version.text, version.private_for, version.at, records)
            + queue_findings(version.text, version.title, version.private_for, version.at,
                             records))
