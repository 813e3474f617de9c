"""The computer players' Web Worker: the messages between it and the page (``protocol``,
``analysis_protocol``: both sides use them) and its thinker (``thinker``), which
static/computer/worker.js runs. No browser API here, so CPython tests drive both sides."""
