# What static/ uses of Pyodide's `pyodide.http`: fetching a file of the site (the Share
# dialog's QR library, static/page/share_ui.py).
class FetchResponse:
    ok: bool
    status: int

    async def bytes(self) -> bytes: ...

async def pyfetch(url: str) -> FetchResponse: ...
