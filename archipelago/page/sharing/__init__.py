"""What the Share dialog offers beyond the link (the link itself is ``saved.links``): the
link as a QR code for a phone beside this screen (``qr``), and the ``<iframe>`` snippet
for a site that embeds the game (``snippet``)."""
