"""The page's input: what keys and taps mean, events as the page hands them over, and
where each goes."""
