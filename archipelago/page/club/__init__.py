"""A tournament on one device: its pairings (``pairing``), standings with tiebreaks
(``standings``), the tournament as data (``tournament``), drawn (``view``) and run on the
page (``desk``)."""
