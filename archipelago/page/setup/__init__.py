"""How a new game is set up: the New game dialog (``dialogs``), its game picker and
presets (``picker``), and the settings the address's URL options ask for (``options``)."""
