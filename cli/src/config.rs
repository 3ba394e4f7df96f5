//! Where `plug` finds its server, token and grid: flags, then `PLUG_*` environment
//! variables, then `config.toml` in the user's config dir (written by `plug login`, mode 0600).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{CliError, CliResult};

/// The server `plug` talks to when nothing else says: the one `npm start` runs.
pub const DEFAULT_URL: &str = "http://localhost:8787";

/// What `plug login` stores.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    /// Set when `token` came from the identity provider (`plug login` without `--token`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oidc: Option<StoredOidc>,
}

/// What refreshes a provider token: the refresh token and where and as whom to trade it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredOidc {
    pub refresh_token: String,
    pub token_endpoint: String,
    pub client_id: String,
    /// `id_token` or `access_token`: which of the provider's tokens the server takes.
    pub bearer: String,
    /// Where `plug logout` revokes the refresh token, when the provider has such an endpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revocation_endpoint: Option<String>,
}

/// The settings a command runs with, once every source has had its say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub url: String,
    pub token: Option<String>,
    pub grid: Option<String>,
}

/// `$XDG_CONFIG_HOME/plug/config.toml` when set (on every platform), else the platform config dir.
pub fn config_path() -> CliResult<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = xdg.or_else(dirs::config_dir).ok_or_else(|| {
        CliError::failed("cannot find a config directory")
            .with_hint("set XDG_CONFIG_HOME, or use PLUG_URL, PLUG_TOKEN and PLUG_GRID")
    })?;
    Ok(base.join("plug").join("config.toml"))
}

impl ConfigFile {
    /// The stored config, or an empty one when the file does not exist yet.
    pub fn load(path: &Path) -> CliResult<ConfigFile> {
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ConfigFile::default()),
            Err(e) => {
                return Err(CliError::failed(format!(
                    "cannot read {}: {e}",
                    path.display()
                )))
            }
        };
        toml::from_str(&text).map_err(|e| {
            CliError::failed(format!(
                "{} is not valid TOML: {}",
                path.display(),
                e.message()
            ))
            .with_hint("fix it by hand, or run `plug login` again to rewrite it")
        })
    }

    /// Writes the file atomically, readable by its owner only: it holds a bearer token.
    pub fn save(&self, path: &Path) -> CliResult<()> {
        let dir = path
            .parent()
            .ok_or_else(|| CliError::failed("the config path has no folder"))?;
        create_private_dir(dir)?;
        let text = toml::to_string(self)
            .map_err(|e| CliError::failed(format!("cannot write config: {e}")))?;
        let temp = dir.join(format!(".config.toml.{}", std::process::id()));
        let written = write_private(&temp, text.as_bytes()).and_then(|()| fs::rename(&temp, path));
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(CliError::failed(format!(
                "cannot write {}: {e}",
                path.display()
            )));
        }
        Ok(())
    }
}

#[cfg(unix)]
fn create_private_dir(dir: &Path) -> CliResult<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| CliError::failed(format!("cannot create {}: {e}", dir.display())))
}

#[cfg(not(unix))]
fn create_private_dir(dir: &Path) -> CliResult<()> {
    fs::create_dir_all(dir)
        .map_err(|e| CliError::failed(format!("cannot create {}: {e}", dir.display())))
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// An environment variable, with an empty value counting as unset.
fn env_var(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// Flags win over `PLUG_URL` / `PLUG_TOKEN` / `PLUG_GRID`, which win over the config file.
pub fn resolve(url_flag: Option<&str>, grid_flag: Option<&str>, file: &ConfigFile) -> Settings {
    let url = url_flag
        .map(str::to_string)
        .or_else(|| env_var("PLUG_URL"))
        .or_else(|| file.url.clone())
        .unwrap_or_else(|| DEFAULT_URL.to_string());
    Settings {
        url: normalize_url(&url),
        token: env_var("PLUG_TOKEN")
            .or_else(|| file.token.clone())
            .filter(|t| !t.is_empty()),
        grid: grid_flag
            .map(str::to_string)
            .or_else(|| env_var("PLUG_GRID"))
            .or_else(|| file.grid.clone())
            .filter(|g| !g.is_empty()),
    }
}

/// `localhost:8787/` → `http://localhost:8787`: a scheme, and no trailing slash to double up.
pub fn normalize_url(raw: &str) -> String {
    let trimmed = raw.trim().trim_end_matches('/');
    if trimmed.contains("://") {
        trimmed.to_string()
    } else {
        format!("https://{trimmed}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_config_round_trips_and_is_readable_by_its_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plug").join("config.toml");
        let config = ConfigFile {
            url: Some("http://localhost:8787".into()),
            token: Some("t0k".into()),
            grid: Some("demo".into()),
            oidc: Some(StoredOidc {
                refresh_token: "r".into(),
                token_endpoint: "http://idp/token".into(),
                client_id: "plug-cli".into(),
                bearer: "id_token".into(),
                revocation_endpoint: None,
            }),
        };
        config.save(&path).unwrap();
        assert_eq!(ConfigFile::load(&path).unwrap(), config);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                fs::metadata(&path).unwrap().permissions().mode() & 0o777,
                0o600
            );
            assert_eq!(
                fs::metadata(path.parent().unwrap())
                    .unwrap()
                    .permissions()
                    .mode()
                    & 0o777,
                0o700
            );
        }
    }

    #[test]
    fn saving_over_an_existing_config_keeps_it_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        fs::write(&path, "url = \"http://old\"\n").unwrap();
        ConfigFile {
            token: Some("new".into()),
            ..ConfigFile::default()
        }
        .save(&path)
        .unwrap();
        assert_eq!(
            ConfigFile::load(&path).unwrap().token.as_deref(),
            Some("new")
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                fs::metadata(&path).unwrap().permissions().mode() & 0o777,
                0o600
            );
        }
    }

    #[test]
    fn a_missing_config_reads_as_empty() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            ConfigFile::load(&dir.path().join("none.toml")).unwrap(),
            ConfigFile::default()
        );
    }

    #[test]
    fn urls_gain_a_scheme_and_lose_trailing_slashes() {
        assert_eq!(
            normalize_url("http://localhost:8787/"),
            "http://localhost:8787"
        );
        assert_eq!(
            normalize_url("plug.example.com"),
            "https://plug.example.com"
        );
    }

    #[test]
    fn flags_win_over_the_config_file() {
        let file = ConfigFile {
            url: Some("http://file".into()),
            token: Some("file-token".into()),
            grid: Some("file-grid".into()),
            oidc: None,
        };
        let settings = resolve(Some("http://flag/"), Some("flag-grid"), &file);
        assert_eq!(settings.url, "http://flag");
        assert_eq!(settings.grid.as_deref(), Some("flag-grid"));
    }
}
