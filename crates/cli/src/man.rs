//! `uri man`: the whole manual page in one (roff): every subcommand with
//! its options, then the exit status, the error codes (the library's and
//! the command's own), the environment and examples. The options are read
//! from the command's own definition, so the page cannot drift from it;
//! docs/cli.md is the same reference in Markdown.

use std::io::{self, Write};

use clap::Command;

/// Escapes text for roff: backslashes, and a leading `.` or `'` that would
/// read as a request.
fn roff(s: &str) -> String {
    let s = s.replace('\\', "\\e").replace('-', "\\-");
    match s.chars().next() {
        Some('.' | '\'') => format!("\\&{s}"),
        _ => s,
    }
}

/// An argument as the synopsis and the option list write it.
fn arg_spec(a: &clap::Arg) -> String {
    let value = a
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| a.get_id().to_string().to_ascii_uppercase());
    let takes = a.get_num_args().is_some_and(|n| n.takes_values());
    let many = a.get_num_args().is_some_and(|n| n.max_values() > 1);
    match (a.get_short(), a.get_long()) {
        (_, Some(l)) if takes => format!("--{l} {value}"),
        (_, Some(l)) => format!("--{l}"),
        (Some(s), None) => format!("-{s}"),
        (None, None) if many => format!("{value}..."),
        (None, None) => value,
    }
}

/// An argument in the synopsis: bracketed unless it is required.
fn synopsis_spec(a: &clap::Arg) -> String {
    if a.is_required_set() {
        arg_spec(a)
    } else {
        format!("[{}]", arg_spec(a))
    }
}

/// Writes the page.
pub fn render(cmd: &Command, out: &mut impl Write) -> io::Result<()> {
    // Built, so that every argument says how many values it takes.
    let mut cmd = cmd.clone();
    cmd.build();
    let cmd = &cmd;
    let version = cmd.get_version().unwrap_or("");
    writeln!(out, ".TH URI 1 \"\" \"uri {version}\" \"urikit\"")?;
    writeln!(out, ".SH NAME")?;
    writeln!(
        out,
        "uri \\- parse, check, resolve, normalize, edit and extract URI references (RFC 3986 \
         and its predecessors, RFC 3987 IRIs, RFC 6570 templates)"
    )?;
    writeln!(out, ".SH SYNOPSIS")?;
    writeln!(out, ".B uri")?;
    writeln!(out, "\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIINPUT\\fR...]")?;
    writeln!(out, ".SH DESCRIPTION")?;
    writeln!(
        out,
        "Each input is a positional argument, or else a line of standard input (a trailing \
         newline, or carriage return and newline, removed; nothing else trimmed). With \
         \\fB\\-\\-json\\fR every command writes one JSON object per input (JSON Lines), in \
         input order; an undefined component is null and an empty one \"\". Human output \
         escapes control and bidirectional formatting characters of the input on a terminal, \
         and writes results exactly to a pipe or a file. The reference in Markdown is \
         docs/cli.md in the source tree."
    )?;
    writeln!(out, ".SH COMMANDS")?;
    write_commands(cmd, "uri", out)?;
    writeln!(out, ".SH EXIT STATUS")?;
    for (code, what) in [
        ("0", "every input was processed successfully (for equivalent and compare: whatever they found)"),
        ("1", "at least one input was invalid; the output is still written for every input"),
        ("2", "a usage error (an unknown option, a missing argument, a bad base or template), with a message on standard error, or a file that could not be read"),
    ] {
        writeln!(out, ".TP\n.B {code}\n{}", roff(what))?;
    }
    writeln!(out, ".SH ERROR CODES")?;
    writeln!(
        out,
        "An error is {{\"code\", \"offset\", \"message\"}}: the offset is the byte of the input \
         where the problem is. The codes are stable:"
    )?;
    for k in urikit::ErrorKind::ALL {
        writeln!(out, ".TP\n.B {}\n{}", roff(k.code()), roff(k.message()))?;
    }
    for (code, what) in crate::json::COMMAND_CODES {
        writeln!(out, ".TP\n.B {}\n{}", roff(code), roff(what))?;
    }
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, what) in [
        ("NO_COLOR", "when set, no colour in human output"),
        (
            "CLICOLOR_FORCE",
            "when set (not 0), colour even where standard output is no terminal",
        ),
    ] {
        writeln!(out, ".TP\n.B {name}\n{}", roff(what))?;
    }
    writeln!(out, ".SH EXAMPLES")?;
    for sub in cmd.get_subcommands() {
        if let Some(ex) = sub.get_after_help() {
            for line in ex.to_string().lines().filter(|l| l.starts_with("  ")) {
                writeln!(out, ".nf\n{}\n.fi", roff(line.trim()))?;
            }
        }
    }
    writeln!(out, ".SH SEE ALSO")?;
    writeln!(
        out,
        "docs/cli.md (every command, its records and codes), README.md, the library's \
         documentation (cargo doc \\-p urikit)."
    )?;
    Ok(())
}

/// One subsection per subcommand (and per nested one, as `uri template
/// match`): its synopsis, what it does, and its options.
fn write_commands(cmd: &Command, path: &str, out: &mut impl Write) -> io::Result<()> {
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        let full = format!("{path} {name}");
        if sub.has_subcommands() {
            write_commands(sub, &full, out)?;
            continue;
        }
        writeln!(out, ".SS \"{full}\"")?;
        let synopsis: Vec<String> = sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && a.get_id() != "help")
            .map(synopsis_spec)
            .collect();
        writeln!(out, ".B {}\n{}", roff(&full), roff(&synopsis.join(" ")))?;
        if let Some(about) = sub.get_long_about().or(sub.get_about()) {
            writeln!(out, ".PP\n{}", roff(&about.to_string()))?;
        }
        for a in sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && a.get_id() != "help")
        {
            let Some(help) = a.get_long_help().or(a.get_help()) else {
                continue;
            };
            writeln!(
                out,
                ".TP\n.B {}\n{}",
                roff(&arg_spec(a)),
                roff(&help.to_string())
            )?;
        }
    }
    Ok(())
}
