"""The page's sounds, played with WebAudio (the browser's side of
archipelago.page.view.display, which decides when a sound plays and keeps the setting).

Loaded beside static/page/app.py (pyscript.toml's [files]). The notes are
archipelago.page.view.sounds's: no sound file is fetched from anywhere.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from archipelago.page.view import sounds


class Sounds:
    """The page's audio, started on the first sound (browsers start audio on a click)."""

    def __init__(self) -> None:
        self.audio: Any = None  # the WebAudio context, made on the first sound

    def play(self, name: str) -> bool:
        """Play ``name``; False when the browser has no WebAudio."""
        context = self.context()
        if context is None:
            return False
        now = context.currentTime
        for note in sounds.SOUNDS[name]:
            oscillator, gain = context.createOscillator(), context.createGain()
            oscillator.type = note.wave
            oscillator.frequency.value = note.frequency
            start, end = now + note.start, now + note.start + note.length
            # A quick rise and an exponential fall: no click at either end.
            gain.gain.setValueAtTime(0.0001, start)
            gain.gain.exponentialRampToValueAtTime(note.volume, start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, end)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(start)
            oscillator.stop(end + 0.02)
        return True

    def context(self) -> Any:
        if self.audio is None:
            maker = getattr(window, "AudioContext", None) or getattr(
                window, "webkitAudioContext", None
            )
            if not maker:
                return None  # a browser without WebAudio stays silent
            self.audio = maker.new()
        if str(self.audio.state) == "suspended":
            self.audio.resume()
        return self.audio
