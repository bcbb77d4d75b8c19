"""Small MCP servers for the tests, run over stdio: ``python mcp_servers.py NAME``.

Each tool's answer names its server, so a test can tell which server ran a call. The
``files`` server has a tool that adds another tool and announces
``notifications/tools/list_changed``. Faulty ones: ``dupes`` lists one tool name twice,
``hang`` never answers ``tools/list``, ``flaky`` dies (exits) during a call. ``churn``
replaces one of its tools by another on every call of ``rotate`` and announces it.
"""

from __future__ import annotations

import os
import sys

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True)
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True)


def weather() -> MCPServer:
    server = MCPServer("weather")

    @server.tool(annotations=READ_ONLY)
    def get_forecast(city: str) -> str:
        """Get the weather forecast for a city: rain, temperature and wind for the next days."""
        return f"weather server: rain tomorrow in {city}"

    @server.tool(annotations=READ_ONLY)
    def search(query: str) -> str:
        """Search weather stations by place name."""
        return f"weather server: stations near {query}"

    return server


def files() -> MCPServer:
    server = MCPServer("files")

    @server.tool(annotations=READ_ONLY)
    def read_file(path: str) -> str:
        """Read the text contents of a file on disk."""
        return f"files server: contents of {path}"

    @server.tool(annotations=DESTRUCTIVE)
    def delete_file(path: str) -> str:
        """Delete a file from disk, permanently."""
        return f"files server: deleted {path}"

    @server.tool(annotations=READ_ONLY)
    def search(query: str) -> str:
        """Search files on disk whose names or contents match a pattern."""
        return f"files server: files matching {query}"

    def restore_archive(name: str) -> str:
        """Restore a file from the backup archive."""
        return f"files server: restored {name}"

    @server.tool()
    async def enable_archive(ctx: Context) -> str:
        """Turn on the backup archive tools of this server."""
        server.add_tool(restore_archive)
        await ctx.session.send_tool_list_changed()  # the notification itself, to every client
        return "files server: archive tools on"

    return server


def mail() -> MCPServer:
    server = MCPServer("mail")

    @server.tool()  # no annotations: by MCP's defaults it may modify and destroy
    def send_mail(to: str, body: str) -> str:
        """Send an email message to a recipient."""
        return f"mail server: sent to {to}"

    @server.tool(annotations=READ_ONLY)
    def read_inbox(limit: int = 10) -> str:
        """Read the newest email messages in the inbox."""
        return f"mail server: {limit} newest messages"

    return server


def dupes() -> MCPServer:
    server = MCPServer("dupes")

    @server.tool(annotations=READ_ONLY)
    def lookup(word: str) -> str:
        """Look a word up in the dictionary."""
        return f"dupes server: {word}"

    listed = server.list_tools

    async def twice() -> list:  # type: ignore[type-arg]
        tools = await listed()
        return [*tools, *tools]

    server.list_tools = twice  # type: ignore[method-assign]
    return server


def hang() -> MCPServer:
    server = MCPServer("hang")

    async def never() -> list:  # type: ignore[type-arg]
        await anyio.sleep_forever()
        return []

    server.list_tools = never  # type: ignore[method-assign]
    return server


def flaky() -> MCPServer:
    server = MCPServer("flaky")

    @server.tool()
    def convert_units(value: float, unit: str) -> str:
        """Convert a value between units of measure."""
        os._exit(1)  # the server dies in the middle of the call

    return server


def churn() -> MCPServer:
    server = MCPServer("churn")
    current = [0]

    def report(period: str) -> str:
        return f"churn server: report {current[0]} for {period}"

    def add(number: int) -> None:
        server.add_tool(report, name=f"sales_report_v{number}", description=f"Sales report, edition {number}.")

    add(0)

    @server.tool()
    async def rotate(ctx: Context) -> str:
        """Replace the sales report tool by its next edition."""
        server.remove_tool(f"sales_report_v{current[0]}")
        current[0] += 1
        add(current[0])
        await ctx.session.send_tool_list_changed()
        return f"churn server: edition {current[0]}"

    return server


SERVERS = {
    "weather": weather,
    "files": files,
    "mail": mail,
    "dupes": dupes,
    "hang": hang,
    "flaky": flaky,
    "churn": churn,
}

if __name__ == "__main__":
    SERVERS[sys.argv[1]]().run("stdio")
