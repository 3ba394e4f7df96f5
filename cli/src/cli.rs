//! The command line: `plug <path>` drops, and a handful of subcommands manage what was dropped.
//! Every option and default is documented here, where `--help` and the completions come from.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use plug_domain::{CreateVisibility, ReactionKind, Scope};

const DEFAULTS: &str = "\
Defaults when dropping:
  scope personal, visibility org: the Inspiration lives under your own name and every member of the
  grid can open it; nobody outside the grid can. Use --visibility private to keep it to yourself,
  --visibility link to share it with anyone holding the URL, --space <ID> to put it in a space
  (visible to that space), or --scope org to file it under the grid itself.
  It expires after 30 days unless you pass --expires <DAYS> (1-365) or --pin <REASON>.

Limits, checked here before anything is sent:
  50 MB per drop (a folder: once zipped). A zipped site or a folder holds at most 20000 files
  (folders and __MACOSX/.DS_Store not counted) and unpacks to at most 1 GB: the server reads the
  whole directory and inflates every byte once to check a site, and these caps keep that within
  the memory and time it has for one drop.

Settings come from flags, then PLUG_URL / PLUG_TOKEN / PLUG_GRID, then the file `plug login`
writes ($XDG_CONFIG_HOME/plug/config.toml or the platform config dir, mode 0600).

Examples:
  plug login --url https://plug.example.com --grid acme --token \"$TOKEN\"
  plug ./deck.pptx                      drop a file, wait until it is live, print its URL
  plug ./dist --name launch-site        drop a folder with an index.html as a site
  plug notes.md --visibility link --pin \"kept for the launch retro\"
  plug ls --sort views                  your Inspirations, most viewed first
  plug rm launch-site-1a2b              archive one (plug restore brings it back)";

#[derive(Debug, Parser)]
#[command(
    name = "plug",
    version,
    about = "Drop a file or a folder on Plug and get a URL worth sharing.",
    long_about = "Drop a file or a folder on Plug and get a URL worth sharing.\n\n\
        `plug <path>` uploads a page (.html, .htm), a zipped site (.zip) or a folder with an index.html, \
        a single-file React component (.jsx, .tsx, .js), markdown (.md), a PDF, a deck (.pptx), \
        a document (.docx), a spreadsheet (.xlsx) or an image (.png, .jpg, .jpeg, .svg, .webp), \
        waits until it is live and prints its URL.",
    after_help = "Run `plug --help` for defaults and examples.",
    after_long_help = DEFAULTS,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    arg_required_else_help = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(flatten)]
    pub drop: DropArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Print machine-readable JSON on stdout (no colour, no progress bars)
    #[arg(long, global = true)]
    pub json: bool,

    /// The Plug server, e.g. https://plug.example.com [env: PLUG_URL]
    #[arg(long, global = true, value_name = "URL")]
    pub url: Option<String>,

    /// The grid to act in, by slug (sent as X-Platform-Grid) [env: PLUG_GRID]
    #[arg(long, global = true, value_name = "SLUG")]
    pub grid: Option<String>,
}

#[derive(Debug, Args)]
pub struct DropArgs {
    /// The file or folder to drop
    #[arg(required = true, value_name = "PATH", value_hint = clap::ValueHint::AnyPath)]
    pub path: Option<PathBuf>,

    /// The name in the URL (3-40 chars: a-z, 0-9, '-'; a 4-character suffix is added) [default: from the file name]
    #[arg(short, long, value_name = "NAME")]
    pub name: Option<String>,

    /// The title people see (1-100 chars) [default: the file or folder name]
    #[arg(short = 't', long, alias = "title", value_name = "TEXT")]
    pub display_name: Option<String>,

    /// Where it lives: personal (under your name), space or org [default: personal, or space with --space]
    #[arg(long, value_parser = scope_parser())]
    pub scope: Option<Scope>,

    /// The space to drop into, by its id (implies --scope space)
    #[arg(long, value_name = "SPACE_ID")]
    pub space: Option<String>,

    /// Who can open it: private, space, org (the grid) or link (anyone with the URL) [default: org; space in a space]
    #[arg(long, value_parser = create_visibility_parser())]
    pub visibility: Option<CreateVisibility>,

    /// Days until it expires [default: 30]
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(i64).range(1..=365), conflicts_with = "pin")]
    pub expires: Option<i64>,

    /// Keep it forever, saying why (5-280 chars)
    #[arg(long, value_name = "REASON")]
    pub pin: Option<String>,

    /// An Inspiration this one builds on, by id or name (repeat, up to 10)
    #[arg(long = "inspired-by", value_name = "ID", value_delimiter = ',')]
    pub inspired_by: Vec<String>,

    /// Print the URL as soon as the upload is accepted, without waiting until it is live
    #[arg(long)]
    pub no_wait: bool,

    /// Open it in the browser once it is live
    #[arg(long, conflicts_with = "no_wait")]
    pub open: bool,

    /// Give up waiting for it to go live after this many seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 180)]
    pub timeout: u64,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Drop a file or folder (the same as `plug <path>`, for paths named like a command)
    Drop(DropArgs),

    /// Store the server URL, token and default grid for later commands
    Login(LoginArgs),

    /// Forget the stored token
    Logout,

    /// List your Inspirations (or a space's, or everyone's you can see)
    #[command(visible_alias = "list")]
    Ls(ListArgs),

    /// Show one Inspiration
    #[command(visible_alias = "info")]
    Show(IdArg),

    /// Open an Inspiration in the browser (signed in), or print its URL
    Open(OpenArgs),

    /// Archive Inspirations: they stop being served and can be restored for a while
    #[command(visible_alias = "archive")]
    Rm(IdsArg),

    /// Bring archived Inspirations back
    #[command(visible_alias = "unarchive")]
    Restore(IdsArg),

    /// Keep an Inspiration from expiring
    Pin(PinArgs),

    /// Let a pinned Inspiration expire again
    Unpin(UnpinArgs),

    /// Change who can open an Inspiration
    Visibility(VisibilityArgs),

    /// Toggle a reaction on an Inspiration (or any entity)
    React(ReactArgs),

    /// Read the feedback viewers sent through the badge
    Feedback(FeedbackArgs),

    /// The apps you connected to Plug's MCP endpoint with a sign-in (Claude, ChatGPT, Cursor,
    /// VS Code, ...): list them, or revoke one
    Apps(AppsArgs),

    /// Serve Plug's tools to an AI agent over MCP on stdio (drop, list, read, set_visibility, update,
    /// context, link_runtime, ...), signed in as plug is
    Mcp,

    /// Print a shell completion script
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// The token to store instead of signing in through the identity provider (`-` reads it
    /// from stdin). Without a provider, read from stdin when it is not a terminal, else prompted.
    #[arg(long, value_name = "TOKEN")]
    pub token: Option<String>,

    /// Sign in with a code on another device (the device authorization grant) instead of a
    /// browser on this machine; used anyway when no browser opens
    #[arg(long, conflicts_with = "token")]
    pub device: bool,

    /// Store without checking the token against the server
    #[arg(long)]
    pub no_verify: bool,

    /// Sign the web app in too: opens it with the token and grid in the address fragment
    /// (never sent to a server). With a token already stored, only opens it.
    #[arg(long)]
    pub web: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SortArg {
    /// Newest first
    #[value(alias = "created", alias = "created_at_desc")]
    Newest,
    /// Most viewed first
    #[value(alias = "view_count_desc")]
    Views,
    /// Most reacted to first
    #[value(alias = "reactions_desc")]
    Reactions,
}

impl SortArg {
    pub fn wire(self) -> &'static str {
        match self {
            SortArg::Newest => "created_at_desc",
            SortArg::Views => "view_count_desc",
            SortArg::Reactions => "reactions_desc",
        }
    }
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Order of the list
    #[arg(long, short, value_enum, default_value_t = SortArg::Newest)]
    pub sort: SortArg,

    /// Whose Inspirations: me, a user's slug, or all (everything you can see in the grid)
    #[arg(long, value_name = "WHO", default_value = "me")]
    pub owner: String,

    /// Only those in this space (by slug)
    #[arg(long, value_name = "SLUG")]
    pub space: Option<String>,

    /// How many per page (1-100)
    #[arg(long, short = 'n', value_parser = clap::value_parser!(i64).range(1..=100), default_value_t = 50)]
    pub limit: i64,

    /// Fetch every page, not just the first
    #[arg(long, conflicts_with = "cursor")]
    pub all: bool,

    /// Continue from a next_cursor printed by an earlier page
    #[arg(long)]
    pub cursor: Option<String>,
}

#[derive(Debug, Args)]
pub struct IdArg {
    /// The Inspiration's name (e.g. demo-1a2b) or id
    #[arg(value_name = "ID")]
    pub id: String,
}

#[derive(Debug, Args)]
pub struct IdsArg {
    /// Names (e.g. demo-1a2b) or ids
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,
}

#[derive(Debug, Args)]
pub struct OpenArgs {
    /// The Inspiration's name or id
    #[arg(value_name = "ID")]
    pub id: String,

    /// Only print the URL
    #[arg(long, short)]
    pub print: bool,
}

#[derive(Debug, Args)]
pub struct PinArgs {
    /// The Inspiration's name or id
    #[arg(value_name = "ID")]
    pub id: String,

    /// Why it should stay (5-280 chars)
    #[arg(value_name = "REASON")]
    pub reason: String,
}

#[derive(Debug, Args)]
pub struct UnpinArgs {
    /// The Inspiration's name or id
    #[arg(value_name = "ID")]
    pub id: String,

    /// Days until it expires from now [default: 30]
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(i64).range(1..=365))]
    pub expires: Option<i64>,
}

#[derive(Debug, Args)]
pub struct VisibilityArgs {
    /// The Inspiration's name or id
    #[arg(value_name = "ID")]
    pub id: String,

    /// private (you and grid admins), authenticated (any signed-in user), grid (members, or the
    /// spaces in --spaces) or link (anyone with the URL)
    #[arg(value_name = "MODE", value_parser = visibility_mode_parser())]
    pub mode: String,

    /// With grid: only members of these spaces (slugs, comma-separated)
    #[arg(long, value_name = "SLUGS", value_delimiter = ',')]
    pub spaces: Vec<String>,

    /// With link: let search engines index it
    #[arg(long)]
    pub indexed: bool,
}

#[derive(Debug, Args)]
pub struct ReactArgs {
    /// The name or id of what to react to
    #[arg(value_name = "ID")]
    pub id: String,

    /// The reaction; sending the same one again takes it back
    #[arg(value_name = "KIND", value_parser = reaction_parser())]
    pub kind: ReactionKind,
}

#[derive(Debug, Args)]
pub struct FeedbackArgs {
    /// The Inspiration's name or id
    #[arg(value_name = "ID")]
    pub id: String,

    /// How many entries per page (1-100)
    #[arg(long, short = 'n', value_parser = clap::value_parser!(i64).range(1..=100), default_value_t = 50)]
    pub limit: i64,

    /// Fetch every page
    #[arg(long)]
    pub all: bool,
}

#[derive(Debug, Args)]
pub struct AppsArgs {
    #[command(subcommand)]
    pub command: Option<AppsCommand>,
}

#[derive(Debug, Subcommand)]
pub enum AppsCommand {
    /// List them, newest first (the same as `plug apps`)
    #[command(visible_alias = "ls")]
    List,

    /// Disconnect apps: their access and refresh tokens stop working at once
    #[command(visible_alias = "rm")]
    Revoke(GrantIdsArg),
}

#[derive(Debug, Args)]
pub struct GrantIdsArg {
    /// Ids from the first column of `plug apps`
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Scope values straight from plug-domain, so the CLI never drifts from the wire strings.
fn scope_parser() -> impl TypedValueParser<Value = Scope> {
    PossibleValuesParser::new(Scope::ALL.iter().map(|s| s.as_str()))
        .map(|s| Scope::parse(&s).expect("offered values parse"))
}

fn create_visibility_parser() -> impl TypedValueParser<Value = CreateVisibility> {
    PossibleValuesParser::new(CreateVisibility::ALL.iter().map(|s| s.as_str()))
        .map(|s| CreateVisibility::parse(&s).expect("offered values parse"))
}

fn reaction_parser() -> impl TypedValueParser<Value = ReactionKind> {
    PossibleValuesParser::new(ReactionKind::ALL.iter().map(|s| s.as_str()))
        .map(|s| ReactionKind::parse(&s).expect("offered values parse"))
}

/// The four canonical modes, plus the create-time words `org` and `space` that the server maps
/// (hidden from help so the canonical names are the ones people learn).
fn visibility_mode_parser() -> PossibleValuesParser {
    let canonical = plug_domain::Visibility::ALL
        .iter()
        .map(|v| PossibleValue::new(v.as_str()));
    let legacy = ["org", "space"]
        .into_iter()
        .map(|v| PossibleValue::new(v).hide(true));
    PossibleValuesParser::new(canonical.chain(legacy))
}

#[cfg(test)]
mod tests;
