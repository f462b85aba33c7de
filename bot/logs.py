"""Logging set-up for the bot process: one stderr handler that never prints a secret."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
REDACTED = "[redacted]"


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
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
