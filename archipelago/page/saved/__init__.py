"""What the page keeps and shares: the browser's storage (``storage``), the list of games
(``library``) with a small picture of each board (``thumbnail``), the data of saved files
and share links (``links``), and games played by link between devices (``distance``)."""
