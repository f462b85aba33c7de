"""The report tells what the run measured: a kept recording checked again sent no request
and ran no bot, so it claims no count of either."""

from __future__ import annotations

from tests.truth.judging.report import Report


def test_a_played_run_reports_its_requests_and_bot_errors() -> None:
    report = Report(requests=12, nonconforming=["GET /x: no such route"], bot_errors=["boom"])
    text = report.text()
    assert "Requests checked against Discord's API description: 12, not conforming: 1" in text
    assert "Bot errors and tracebacks: 1" in text


def test_a_recording_checked_again_claims_no_requests_or_bot_errors() -> None:
    text = Report(played=False).text()
    assert "Requests checked" not in text and "Bot errors and tracebacks" not in text
    assert "Requests and bot errors: not seen" in text
