"""Logging never prints a secret, not in a message, its arguments, or a traceback; and
discord.py's failed reconnect tries read as one WARNING line each, saying why (the
traceback stays only at DEBUG)."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Iterator

import pytest

from bot.logs import LOG_FORMAT, REDACTED, QuietReconnects, RedactSecrets

SECRET = "MTIz.secret.token"


def capture() -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactSecrets([SECRET]))
    logger = logging.getLogger("tests.logs")
    logger.handlers[:] = [handler]
    logger.propagate = False
    return logger, stream


def test_secret_in_message_and_arguments_is_redacted() -> None:
    logger, stream = capture()
    logger.warning("token %s in args", SECRET)
    logger.warning(f"token {SECRET} in message")
    text = stream.getvalue()
    assert SECRET not in text
    assert text.count(REDACTED) == 2


def test_secret_in_a_traceback_is_redacted() -> None:
    logger, stream = capture()
    try:
        raise RuntimeError(f"failed with {SECRET}")
    except RuntimeError:
        logger.exception("login failed")
    text = stream.getvalue()
    assert "RuntimeError: failed with " + REDACTED in text
    assert SECRET not in text


def reconnect_record(error: BaseException, name: str = "discord.client") -> logging.LogRecord:
    """The record discord.py's `_log.exception('Attempting a reconnect in %.2fs', retry)` makes."""
    try:
        raise error
    except type(error):
        info = sys.exc_info()
    return logging.LogRecord(
        name, logging.ERROR, "client.py", 781, "Attempting a reconnect in %.2fs", (1.5,), info
    )


@pytest.fixture
def root_level() -> Iterator[logging.Logger]:
    root = logging.getLogger()
    saved = root.level
    yield root
    root.setLevel(saved)


def test_a_failed_reconnect_is_one_warning_line_with_the_reason(root_level: logging.Logger) -> None:
    root_level.setLevel(logging.INFO)
    record = reconnect_record(OSError("Cannot connect to host gateway.discord.gg:443"))
    assert QuietReconnects().filter(record)
    line = logging.Formatter(LOG_FORMAT).format(record)
    assert record.levelno == logging.WARNING
    assert "\n" not in line and "Traceback" not in line
    assert line.endswith(
        "WARNING  discord.client: Lost the connection to Discord (OSError: Cannot connect to "
        "host gateway.discord.gg:443); attempting a reconnect in 1.50s"
    )


def test_at_debug_the_traceback_stays(root_level: logging.Logger) -> None:
    root_level.setLevel(logging.DEBUG)
    record = reconnect_record(ConnectionResetError("reset by peer"))
    QuietReconnects().filter(record)
    text = logging.Formatter(LOG_FORMAT).format(record)
    assert record.levelname == "WARNING" and "Traceback" in text


def test_other_records_are_left_alone() -> None:
    error = logging.LogRecord(
        "discord.client", logging.ERROR, "x.py", 1, "Ignoring exception in on_ready", (), None
    )
    mine = reconnect_record(OSError("x"), name="bot.client")
    for record in (error, mine):
        assert QuietReconnects().filter(record)
        assert record.levelno == logging.ERROR
