"""`kurs COMMAND --help` is that command's help: its usage, what it does and only the options
it takes; `kurs --help` lists every command and says where to read more."""

import pytest

from publish import cli


def help_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as leaving:
        cli.main(list(argv))
    assert leaving.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", [("grade", "--help"), ("--help", "grade"), ("grade", "-h")])
def test_grade_help_is_the_grade_commands(capsys, argv):
    said = help_of(capsys, *argv)
    assert said.startswith("usage: kurs grade [options] SUBMISSIONS --out DIR\n")
    assert "confined kernel" in said
    options = {word for word in said.split() if word.startswith("--")}
    assert options == {"--help", "--root", "--out", "--csv", "--with-answers", "--assignment",
                       "--force", "--scheduler", "--workers"}


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_each_commands_help_offers_the_options_it_takes_and_no_other(capsys, command):
    said = help_of(capsys, command, "--help")
    offered = {word for word in said.split()
               if word.startswith("--") and word[2:3].isalpha()} - {"--help", "--root"}
    taken = {option for option, (commands, _) in cli.OPTIONS.items() if command in commands}
    assert offered == taken, command


def test_the_general_help_names_every_command_and_where_to_read_more(capsys):
    said = " ".join(help_of(capsys, "--help").split())
    assert all(f"{command}" in said for command in cli.COMMANDS)
    assert "kurs COMMAND --help says more" in said
    assert "with 'grade': how many submissions run at once" in said
    assert "with building the site (no command, or 'serve'): add a JupyterLite site" in said
