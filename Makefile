# WriteIt: `make run` starts the app, `make test` runs the whole suite. Everything else is optional.

.PHONY: run test bench fmt lint gen build web-deps clean

# Build the web app and the server (release) and start it with SQLite in ./data and the starter
# content; it prints the URL to open.
run: build
	./target/release/writeit serve

build: web-deps
	cd web && npm run build
	cargo build --release -p writeit-server

# npm packages, installed again only when the lock file changes.
web-deps: web/node_modules/.installed
web/node_modules/.installed: web/package-lock.json
	# `npm install`, not `npm ci`: npm 11 leaves other platforms' optional rollup packages out of the
	# lock file, and `npm ci` then refuses it. The lock still pins every version installed here.
	cd web && npm install --no-audit --no-fund --loglevel=error
	touch $@

# The whole suite: formatting, lints, generated-code drift, Rust tests on SQLite and a throwaway
# PostgreSQL, and the @trpc/client contract tests (scripts/test.sh installs what is missing).
test:
	bash scripts/test.sh

# Benchmarks: prints figures, never fails on them (server, then the web client in Chromium).
bench:
	bash bench/run.sh
	python3 bench/cluster.py
	bash bench/identity.sh
	bash bench/signin-burst.sh
	bash bench/admission.sh
	bash bench/import.sh
	python3 bench/soak.py
	bash bench/syncers.sh
	bash bench/fit.sh
	bash bench/languages.sh
	bash bench/web/run.sh

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
