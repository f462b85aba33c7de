"""Logging set-up for the bot process: one stderr handler that never prints a secret, and
one warning line (not an error with a traceback) for each try at reconnecting to Discord."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
REDACTED = "[redacted]"
RECONNECT_LOGGERS = ("discord.client", "discord.shard")


class QuietReconnects(logging.Filter):
    """discord.py logs every failed try at reconnecting as an ERROR with a traceback, so
    a network that is down for a minute fills the log with alarms about something it
    handles by itself. Make each one a WARNING line that says why; at DEBUG the traceback
    stays."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite discord.py's reconnect records; keep every record."""
        if not self._is_reconnect(record):
            return True
        error = record.exc_info[1] if record.exc_info else None
        reason = f"{type(error).__name__}: {error}" if error is not None else "no reason given"
        attempt = _lowered(record.getMessage())
        record.msg, record.args = "Lost the connection to Discord (%s); %s", (reason, attempt)
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        if not logging.getLogger().isEnabledFor(logging.DEBUG):
            record.exc_info, record.exc_text = None, None
        return True

    @staticmethod
    def _is_reconnect(record: logging.LogRecord) -> bool:
        return (
            record.name in RECONNECT_LOGGERS
            and record.levelno >= logging.ERROR
            and isinstance(record.msg, str)
            and record.msg.startswith("Attempting a reconnect")
        )


def _lowered(message: str) -> str:
    """The message with a small first letter, to follow a semicolon."""
    return message[:1].lower() + message[1:]


class RedactSecrets(logging.Filter):
    """Replace every occurrence of the given secrets in a record's final message."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self._secrets = tuple(secret for secret in secrets if secret)

    def filter(self, record: logging.LogRecord) -> bool:
        """Render the message (and any traceback) once, scrub it, and keep the record."""
        record.msg, record.args = self._scrub(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._scrub(record.exc_text)
        return True

    def _scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return text


def configure_logging(level: int, *, secrets: Iterable[str] = ()) -> None:
    """Send all logs at `level` and above to stderr, with `secrets` scrubbed out."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(QuietReconnects())
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
