"""Logging never prints a secret, not in a message, its arguments, or a traceback."""

from __future__ import annotations

import io
import logging

from bot.logs import REDACTED, RedactSecrets

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
