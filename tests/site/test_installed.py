"""The installed release of a distribution, from its metadata folder's name, is the one
importlib.metadata reads."""

from importlib.metadata import PackageNotFoundError, version

import pytest

from publish.installed import metadata_folders
from publish.site import RENDERING_LIBRARIES
from releases import write_release


def release(folder: str | None) -> str | None:
    return None if folder is None else folder.removesuffix(".dist-info").partition("-")[2]


def test_each_rendering_library_is_the_release_importlib_metadata_reads():
    found = metadata_folders(RENDERING_LIBRARIES)
    assert {name: release(folder) for name, folder in found.items()} == \
        {name: version(name) for name in RENDERING_LIBRARIES}


def test_a_distribution_not_installed_has_no_folder():
    with pytest.raises(PackageNotFoundError):
        version("kurs-hic-kurulmamis")
    assert metadata_folders(["kurs-hic-kurulmamis"]) == {"kurs-hic-kurulmamis": None}


@pytest.mark.parametrize("first", [0, 1])
def test_the_release_first_along_sys_path_counts_whatever_the_names_case_and_marks(
        tmp_path, monkeypatch, first):
    folders = [write_release(tmp_path / "a", "kurs-deneme", "2.0", written_as="Kurs.Deneme"),
               write_release(tmp_path / "b", "kurs-deneme", "1.0")]
    for folder in reversed(folders[first:] + folders[:first]):
        monkeypatch.syspath_prepend(folder)
    expected = ["2.0", "1.0"][first]
    assert version("kurs-deneme") == expected
    assert release(metadata_folders(["kurs-deneme"])["kurs-deneme"]) == expected
