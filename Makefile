# Tourdesk: `make run` starts the console with demo data, `make test` runs every test.

.PHONY: run build web test test-rust test-web e2e fuzz openapi bench clean

CARGO ?= cargo

run: web
	$(CARGO) build --release --bin tourdesk
	./target/release/tourdesk serve --demo

build: web
	$(CARGO) build --release --bin tourdesk

web:
	scripts/web-deps.sh
	cd web && npm run build

test:
	scripts/test-all.sh

test-rust:
	scripts/test-all.sh rust

test-web:
	scripts/test-all.sh web

e2e:
	scripts/test-all.sh e2e

fuzz:
	scripts/test-all.sh fuzz

# Rewrites the pinned OpenAPI document after an API change.
openapi:
	UPDATE_SNAPSHOTS=1 $(CARGO) test -p server --test api the_openapi_document_is_pinned

bench:
	scripts/bench.sh

clean:
	$(CARGO) clean
	rm -rf web/dist web/node_modules
