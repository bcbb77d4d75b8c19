"""Words and ids two categories share are said once, when indexing, in a user's words, at the caller's line."""

from __future__ import annotations

import json
import warnings

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec, ToolSpecWarning
from toolfilter_core._tool_profiles.sidecar import Profiles
from toolfilter_core._types import ToolProfile
from toolfilter_core.cli import main


def _registry() -> list[ToolSpec]:
    def tool(category: str, name: str, description: str) -> ToolSpec:
        return ToolSpec(name=name, description=description, category=category)

    orders = [
        tool("orders", f"order_{v}", f"{v.title()} an order (e.g. LT-1023) of customer C-2088, items SKU-TG05.")
        for v in ("get", "cancel", "refund", "update")
    ]
    customers = [tool("customers", f"customer_{v}", f"{v.title()} a customer, e.g. C-1042.") for v in ("get", "edit")]
    customers.append(tool("customers", "customer_merge", "Merge customers C-1001 and C-1002 (and C-1003)."))
    stock = [tool("inventory", f"stock_{v}", f"{v.title()} stock of an item, e.g. SKU-AB12.") for v in ("get", "move")]
    stock.append(tool("inventory", "stock_count", "Count items SKU-XY01, SKU-XY02 in a warehouse."))
    return orders + customers + stock


def _warned(make) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
    return [w for w in caught if issubclass(w.category, ToolSpecWarning)]


def test_shared_ids_are_one_warning_in_a_users_words_at_the_callers_line(tmp_path) -> None:
    caught = _warned(lambda: ToolFilter(_registry(), embedder=HashingEmbedder(64), store=tmp_path / "s"))
    assert len(caught) == 1, [str(w.message) for w in caught]
    text = str(caught[0].message)
    assert "ids like 'C-2088' mean 'customers', not 'orders'" in text
    assert "claim" not in text and "'A-A9'" not in text and "server" not in text
    assert caught[0].filename == __file__


def test_opening_the_store_says_nothing_again(tmp_path) -> None:
    _warned(lambda: ToolFilter(_registry(), embedder=HashingEmbedder(64), store=tmp_path / "s"))
    assert _warned(lambda: ToolFilter.open(store=tmp_path / "s", embedder=HashingEmbedder(64))) == []


def test_the_profiles_left_out_warning_points_at_the_caller(tmp_path) -> None:
    # one profile for a tool of the registry: a file naming none of them is refused, not warned of
    profiles = Profiles({"no_such_tool": ToolProfile(("do the thing",)), "order_get": ToolProfile(("get LT-1023",))})
    caught = _warned(lambda: ToolFilter(_registry()[:3], embedder=HashingEmbedder(64), profiles=profiles))
    assert [w.filename for w in caught if "lacks" in str(w.message)] == [__file__]


def test_index_says_it_once_and_select_not_at_all(tmp_path, capsys) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in _registry()))
    store = str(tmp_path / "s")
    assert main(["index", str(tools), "--store", store, "--embedder", "hashing", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning:") == 1 and "ids like 'SKU-" in err, err
    assert main(["select", "refund order LT-1023", "--store", store, "--embedder", "hashing"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_process_giving_the_same_tools_again_does_not_repeat_it(tmp_path) -> None:
    _warned(lambda: ToolFilter(_registry(), embedder=HashingEmbedder(64), store=tmp_path / "s"))
    assert _warned(lambda: ToolFilter(_registry(), embedder=HashingEmbedder(64), store=tmp_path / "s")) == []
