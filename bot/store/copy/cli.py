"""``python -m bot.store.copy --from FILE --to URL``: see :mod:`bot.store.copy`.

Exit status 0: copied, one line per table and a summary printed; 2: refused, nothing
written (one line says why); 1: the copy failed and was rolled back.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from . import CopyFailed, CopyRefused, copy_database

EXIT_OK, EXIT_FAILED, EXIT_REFUSED = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the copy; the process exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.copy",
        description="Copy Bower's SQLite database into an empty PostgreSQL database.",
    )
    parser.add_argument("--from", dest="source", required=True, type=Path,
                        help="Bower's SQLite file (DATABASE_PATH)")
    parser.add_argument("--to", dest="target", required=True,
                        help="the PostgreSQL database, a postgresql:// URL (DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_database(args.source, args.target))
    except CopyRefused as refused:
        print(f"Not copied: {refused}", file=sys.stderr)
        return EXIT_REFUSED
    except CopyFailed as failed:
        print(f"Copy failed, nothing kept: {failed}", file=sys.stderr)
        return EXIT_FAILED
    print("\n".join(report.lines()))
    return EXIT_OK
