//! All SQL lives here, in named query functions per table group; every R2 object in `objects`.

/// `plug_domain::access::HIDDEN_STATES` as a SQL list, a literal so `concat!` can use it.
macro_rules! hidden_states {
    () => {
        "('draft', 'stopped', 'expired', 'archived', 'failed')"
    };
}

pub mod db;
pub mod directory;
pub mod entities;
pub mod identities;
pub mod jobs;
pub mod limits;
pub mod lists;
pub mod oauth;
pub mod objects;
pub mod site_files;
pub mod social;
pub mod tickets;

#[cfg(test)]
mod tests {
    use plug_domain::access::HIDDEN_STATES;

    #[test]
    fn the_sql_list_of_hidden_states_is_the_domain_rule() {
        let quoted: Vec<String> = HIDDEN_STATES
            .iter()
            .map(|s| format!("'{}'", s.as_str()))
            .collect();
        assert_eq!(hidden_states!(), format!("({})", quoted.join(", ")));
    }
}
