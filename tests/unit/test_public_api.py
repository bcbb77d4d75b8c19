"""The public surface of toolfilter_core: exactly these names, and no framework imports."""

import subprocess
import sys
import textwrap

import toolfilter_core

EXPECTED_ALL = sorted(toolfilter_core.__all__)


def test_all_is_sorted_and_every_name_exists():
    assert toolfilter_core.__all__ == EXPECTED_ALL
    for name in toolfilter_core.__all__:
        assert hasattr(toolfilter_core, name), name


def test_core_imports_and_selects_with_langchain_and_llama_index_blocked():
    script = textwrap.dedent(
        """
        import sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {"langchain", "langchain_core", "llama_index"}:
                    raise ImportError(f"blocked: {name}")
                return None

        sys.meta_path.insert(0, Block())
        from toolfilter_core import HashingEmbedder, ToolFilter, load_bundled_tools

        tf = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder())
        print(tf.select("run_tests").names)
        assert not any(m.split(".")[0] in {"langchain", "langchain_core", "llama_index"} for m in sys.modules)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['run_tests']"


def test_chromadb_is_imported_only_by_the_chroma_store_module():
    from pathlib import Path

    root = Path(toolfilter_core.__file__).parent
    importers = sorted(
        str(p.relative_to(root)) for p in root.rglob("*.py") if "import chromadb" in p.read_text(encoding="utf-8")
    )
    assert importers == ["index/chroma.py"]


def test_every_package_ships_py_typed():
    from pathlib import Path

    root = Path(toolfilter_core.__file__).resolve().parents[1]
    for package in ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter"):
        assert (root / package / "py.typed").exists(), package
