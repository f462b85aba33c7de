"""``python -m bot.store.backup FILE``: see :mod:`bot.store.backup.copy`."""

import sys

from .copy import main

sys.exit(main())
