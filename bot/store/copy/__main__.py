"""``python -m bot.store.copy --from FILE --to URL``: see :mod:`bot.store.copy`."""

import sys

from .cli import main

sys.exit(main())
