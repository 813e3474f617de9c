"""``python -m archipelago``: see ``archipelago.cli``."""

import sys

from .cli import main

sys.exit(main())
