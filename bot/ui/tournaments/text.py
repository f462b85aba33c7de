"""What tournament messages say, gathered from :mod:`.common`, :mod:`.signup`,
:mod:`.rounds` and :mod:`.notices` (pure: records and names in, text and embeds out).

Every text keeps to Discord's limits however many play: lists are cut to what fits, with
"…and K more" (the standings picture shows everyone).
"""

from __future__ import annotations

from .common import *  # noqa: F403
from .common import __all__ as _common
from .notices import *  # noqa: F403
from .notices import __all__ as _notices
from .rounds import *  # noqa: F403
from .rounds import __all__ as _rounds
from .signup import *  # noqa: F403
from .signup import __all__ as _signup

__all__ = [*_common, *_signup, *_rounds, *_notices]
