# navviz — every target is a one-line wrapper. `make test` and `make demo` install what they need.
SWIFT ?= swift
SWIFT_FLAGS ?=
BIN = .build/debug/navviz

.PHONY: deps build test demo lint format bench samples e2e fuzz clean

deps: ## Install libgraphviz-dev (Graphviz's C libraries) when it is missing.
	@./scripts/install-deps.sh

build: deps ## Build the navviz binary.
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps ## Build and run every test suite.
	$(SWIFT) test $(SWIFT_FLAGS)

CAPTURES = Tests/Fixtures/captures

demo: build ## Render every sample, a real app's capture and an imported captured flow into navviz-out/.
	@mkdir -p .build/demo
	$(BIN) import $(CAPTURES)/09-swiftui-tabview-navigationview-appearing.txt $(CAPTURES)/10-swiftui-tab-switch-in-flight.txt \
		--name "SwiftUI TabView: switching tabs (captured)" -o .build/demo/swiftui-tab-switch.json
	$(BIN) render Samples .build/demo/swiftui-tab-switch.json $(CAPTURES)/13-tab-pagesheet-chain.txt -o navviz-out

lint: ## Check formatting with swift format.
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Fuzz

format: ## Format the sources in place.
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks Fuzz

bench: deps ## Benchmarks (release build): simulator, finder, renderer; then the daemon on loopback.
	@command -v dot >/dev/null 2>&1 || { echo "navviz: installing Debian's graphviz for the comparison with dot"; \
		$$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y -qq graphviz >/dev/null || true; }
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navviz
	@# In memory where there is such a folder: on a disk, creating the hundreds of files a render (and dot) writes can
	@# take longer than laying them out (ext4 without a journal rescans recently deleted inodes on every creation).
	TMPDIR=$${BENCH_TMPDIR:-$$( [ -w /dev/shm ] && echo /dev/shm || echo $${TMPDIR:-/tmp} )} $(SWIFT) run -c release navviz-bench
	$(SWIFT) run -c release $(SWIFT_FLAGS) navviz-daemon-bench

e2e: build ## The daemon's viewer in headless Chromium (installs Debian's chromium if missing); screenshots in navviz-artifacts/.
	./scripts/e2e.sh $(BIN)

FUZZ_SECONDS ?= 60
fuzz: ## libFuzzer + AddressSanitizer on the JSON, scenario, snapshot and capture readers, FUZZ_SECONDS each; prints inputs/s.
	./scripts/fuzz.sh $(FUZZ_SECONDS)

samples: build ## Regenerate the golden files of every sample.
	$(BIN) check Samples --golden Samples/golden --record

clean: ## Remove build products and demo output.
	rm -rf .build navviz-out navviz-artifacts
