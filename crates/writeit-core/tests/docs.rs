//! docs/rpc.md documents every procedure of the table.

#[test]
fn rpc_doc_names_every_procedure() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rpc.md")).unwrap();
    for p in writeit_core::procedure::PROCEDURES {
        assert!(
            doc.contains(&format!("`{}`", p.name)),
            "docs/rpc.md does not document {}",
            p.name
        );
    }
}
