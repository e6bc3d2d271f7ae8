# WriteIt: `make run` starts the app, `make test` runs the whole suite. Everything else is optional.

.PHONY: run test bench fmt lint gen build web-deps clean

# Build the server (release) and start it with SQLite in ./data and the starter content.
run: build
	./target/release/writeit serve

build:
	cargo build --release -p writeit-server

# The whole suite: formatting, lints, generated-code drift, Rust tests on SQLite and a throwaway
# PostgreSQL, and the @trpc/client contract tests (scripts/test.sh installs what is missing).
test:
	bash scripts/test.sh

# Benchmarks: prints figures, never fails on them.
bench:
	bash bench/run.sh

fmt:
	cargo fmt --all

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

# Regenerate the client's TypeScript from writeit-core.
gen:
	cargo run -q -p writeit-server --bin writeit -- gen

clean:
	cargo clean
	rm -rf web/node_modules
