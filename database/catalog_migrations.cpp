#include "catalog_migrations.h"

namespace torchrig::db {

namespace {

// Each migration is frozen once released: a database at version N is brought to N+1 by exactly
// this text, forever. Change the schema by appending a migration, never by editing one.

// v1: the typed catalog. Prices and field sources name a part by id without a foreign key,
// because in the user's database they may annotate a part of the bundled catalog.
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE part (
    key INTEGER PRIMARY KEY, -- stable across VACUUM: the rowid of the part's part_search entry
    id TEXT NOT NULL UNIQUE CHECK (length(id) BETWEEN 3 AND 160),
    category TEXT NOT NULL CHECK (category IN ('gpu', 'cpu', 'memory', 'storage', 'motherboard', 'psu',
                                               'chassis', 'interconnect', 'cloud')),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    vendor TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL CHECK (length(trim(source)) > 0),
    as_of TEXT NOT NULL,
    confidence TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX part_category ON part(category, name);
CREATE TABLE gpu (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    architecture TEXT NOT NULL CHECK (length(trim(architecture)) > 0),
    compute_capability TEXT,
    vram_gb REAL NOT NULL CHECK (vram_gb BETWEEN 0.5 AND 4096),
    vram_usable_mib INTEGER CHECK (vram_usable_mib BETWEEN 256 AND 4194304),
    memory_type TEXT,
    memory_bandwidth_gbs REAL NOT NULL CHECK (memory_bandwidth_gbs BETWEEN 1 AND 100000),
    fp32_tflops REAL CHECK (fp32_tflops BETWEEN 0 AND 100000),
    tf32_tflops REAL CHECK (tf32_tflops BETWEEN 0 AND 100000),
    fp16_tflops REAL CHECK (fp16_tflops BETWEEN 0 AND 100000),
    bf16_tflops REAL CHECK (bf16_tflops BETWEEN 0 AND 100000),
    fp8_tflops REAL CHECK (fp8_tflops BETWEEN 0 AND 100000),
    tensor_accumulate TEXT CHECK (tensor_accumulate IN ('fp32', 'fp16')),
    tdp_w REAL NOT NULL CHECK (tdp_w BETWEEN 1 AND 5000),
    form_factor TEXT NOT NULL CHECK (form_factor IN ('pcie', 'sxm', 'oam')),
    pcie_gen REAL CHECK (pcie_gen BETWEEN 1 AND 7),
    pcie_lanes INTEGER CHECK (pcie_lanes BETWEEN 1 AND 32),
    gpu_link TEXT NOT NULL CHECK (gpu_link IN ('none', 'bridge', 'sxm', 'oam')),
    gpu_link_gbs REAL CHECK (gpu_link_gbs BETWEEN 0 AND 100000),
    slot_width REAL CHECK (slot_width BETWEEN 1 AND 5),
    length_mm INTEGER CHECK (length_mm BETWEEN 50 AND 500),
    power_connectors TEXT,
    launch_year INTEGER CHECK (launch_year BETWEEN 1990 AND 2100)
);
CREATE TABLE cpu (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    cores INTEGER NOT NULL CHECK (cores BETWEEN 1 AND 1024),
    threads INTEGER NOT NULL CHECK (threads BETWEEN 1 AND 2048),
    base_ghz REAL CHECK (base_ghz BETWEEN 0.1 AND 10),
    boost_ghz REAL CHECK (boost_ghz BETWEEN 0.1 AND 10),
    socket TEXT NOT NULL CHECK (length(trim(socket)) > 0),
    tdp_w REAL NOT NULL CHECK (tdp_w BETWEEN 1 AND 1000),
    pcie_lanes INTEGER CHECK (pcie_lanes BETWEEN 0 AND 256),
    pcie_gen REAL CHECK (pcie_gen BETWEEN 1 AND 7),
    memory_type TEXT NOT NULL CHECK (length(trim(memory_type)) > 0),
    memory_speed_mts INTEGER CHECK (memory_speed_mts BETWEEN 800 AND 20000),
    memory_channels INTEGER NOT NULL CHECK (memory_channels BETWEEN 1 AND 24),
    ecc INTEGER CHECK (ecc IN (0, 1)),
    launch_date TEXT
);
CREATE TABLE memory (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    memory_type TEXT NOT NULL CHECK (memory_type IN ('DDR4', 'DDR5')),
    module_form TEXT NOT NULL CHECK (module_form IN ('UDIMM', 'RDIMM', 'SODIMM')),
    modules INTEGER NOT NULL CHECK (modules BETWEEN 1 AND 32),
    module_gb INTEGER NOT NULL CHECK (module_gb BETWEEN 1 AND 1024),
    speed_mts INTEGER NOT NULL CHECK (speed_mts BETWEEN 800 AND 20000),
    cas_latency INTEGER CHECK (cas_latency BETWEEN 1 AND 100),
    ecc INTEGER CHECK (ecc IN (0, 1))
);
CREATE TABLE storage (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('nvme', 'sata_ssd', 'hdd')),
    interface TEXT,
    form_factor TEXT,
    capacity_gb REAL NOT NULL CHECK (capacity_gb BETWEEN 1 AND 1000000),
    seq_read_mbs INTEGER CHECK (seq_read_mbs BETWEEN 1 AND 100000),
    seq_write_mbs INTEGER CHECK (seq_write_mbs BETWEEN 1 AND 100000),
    endurance_tbw INTEGER CHECK (endurance_tbw BETWEEN 1 AND 1000000)
);
CREATE TABLE motherboard (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    socket TEXT NOT NULL CHECK (length(trim(socket)) > 0),
    chipset TEXT,
    form_factor TEXT NOT NULL CHECK (length(trim(form_factor)) > 0),
    memory_type TEXT NOT NULL CHECK (length(trim(memory_type)) > 0),
    memory_slots INTEGER NOT NULL CHECK (memory_slots BETWEEN 1 AND 48),
    memory_max_gb INTEGER CHECK (memory_max_gb BETWEEN 1 AND 65536),
    ecc INTEGER CHECK (ecc IN (0, 1)),
    pcie_slots TEXT NOT NULL CHECK (length(trim(pcie_slots)) > 0),
    m2_slots INTEGER CHECK (m2_slots BETWEEN 0 AND 16)
);
CREATE TABLE psu (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    wattage_w INTEGER NOT NULL CHECK (wattage_w BETWEEN 100 AND 10000),
    efficiency TEXT,
    form_factor TEXT,
    atx_version TEXT,
    pcie_8pin INTEGER CHECK (pcie_8pin BETWEEN 0 AND 16),
    pcie_16pin INTEGER CHECK (pcie_16pin BETWEEN 0 AND 8)
);
CREATE TABLE chassis (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (length(trim(kind)) > 0),
    motherboard_support TEXT NOT NULL CHECK (length(trim(motherboard_support)) > 0),
    expansion_slots INTEGER NOT NULL CHECK (expansion_slots BETWEEN 1 AND 20),
    max_gpu_length_mm INTEGER CHECK (max_gpu_length_mm BETWEEN 100 AND 600),
    bays_35 INTEGER CHECK (bays_35 BETWEEN 0 AND 100),
    bays_25 INTEGER CHECK (bays_25 BETWEEN 0 AND 100)
);
CREATE TABLE interconnect (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('nvlink_bridge', 'infiniband', 'ethernet')),
    standard TEXT,
    link_gbits REAL NOT NULL CHECK (link_gbits BETWEEN 0.1 AND 100000),
    ports INTEGER CHECK (ports BETWEEN 1 AND 64),
    pcie_gen REAL CHECK (pcie_gen BETWEEN 1 AND 7),
    pcie_lanes INTEGER CHECK (pcie_lanes BETWEEN 1 AND 32),
    for_gpus TEXT,
    slot_spacing INTEGER CHECK (slot_spacing BETWEEN 1 AND 8)
);
CREATE TABLE cloud (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    provider TEXT NOT NULL CHECK (length(trim(provider)) > 0),
    instance_type TEXT NOT NULL CHECK (length(trim(instance_type)) > 0),
    region TEXT,
    gpu_part_id TEXT,
    gpu_name TEXT NOT NULL CHECK (length(trim(gpu_name)) > 0),
    gpu_count INTEGER NOT NULL CHECK (gpu_count BETWEEN 1 AND 64),
    gpu_memory_gb REAL CHECK (gpu_memory_gb BETWEEN 1 AND 4096),
    vcpus INTEGER CHECK (vcpus BETWEEN 1 AND 4096),
    ram_gib REAL CHECK (ram_gib BETWEEN 1 AND 100000),
    gpu_interconnect TEXT
);
CREATE TABLE field_source (
    part_id TEXT NOT NULL,
    field TEXT NOT NULL,
    source TEXT NOT NULL CHECK (length(trim(source)) > 0),
    as_of TEXT NOT NULL,
    confidence TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    PRIMARY KEY (part_id, field)
);
CREATE TABLE price (
    id INTEGER PRIMARY KEY,
    part_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('launch_msrp', 'street', 'on_demand_hourly', 'spot_hourly',
                                       'reserved_hourly')),
    amount REAL NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL CHECK (length(currency) = 3),
    date TEXT NOT NULL,
    source TEXT NOT NULL CHECK (length(trim(source)) > 0)
);
CREATE INDEX price_part ON price(part_id, kind, date);
CREATE VIRTUAL TABLE part_search USING fts5(part_id UNINDEXED, category UNINDEXED, name, aliases, keywords,
                                            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
)sql";

// v2: the user's side of the overlay: bundled parts the user hid, and saved builds.
constexpr std::string_view kVersion2 = R"sql(
CREATE TABLE hidden_part (
    part_id TEXT PRIMARY KEY NOT NULL,
    hidden_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE saved_build (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    document TEXT NOT NULL CHECK (json_valid(document)),
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
)sql";

// v3: what "Validate on this machine" measured (each run, with the estimate beside it) and the
// calibration the user chose for each device of theirs.
constexpr std::string_view kVersion3 = R"sql(
CREATE TABLE validation_run (
    id INTEGER PRIMARY KEY,
    measured_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    device_name TEXT NOT NULL,
    device_kind TEXT NOT NULL,
    libtorch_version TEXT NOT NULL,
    model TEXT NOT NULL,
    request TEXT NOT NULL CHECK (json_valid(request)),
    result TEXT NOT NULL CHECK (json_valid(result))
);
CREATE TABLE device_calibration (
    device_name TEXT PRIMARY KEY NOT NULL,
    run_id INTEGER REFERENCES validation_run(id) ON DELETE SET NULL,
    calibration TEXT NOT NULL CHECK (json_valid(calibration)),
    calibrated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
)sql";

// v4: coolers and complete GPU servers as categories, a card's cooler style, a board's lane sharing and
// socket count, a case's cooler clearance, a supply's redundancy, vendors' quotes as a kind of price, and the
// pack a bundled catalog was released as. SQLite cannot widen a CHECK in place, so `part` and `price` are
// rebuilt; migrateToLatest() runs every step with foreign keys off and checks them before commit,
// as SQLite's "generalized ALTER TABLE procedure" asks, so that dropping `part` cascades nowhere.
constexpr std::string_view kVersion4 = R"sql(
CREATE TABLE part_v4 (
    key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE CHECK (length(id) BETWEEN 3 AND 160),
    category TEXT NOT NULL CHECK (category IN ('gpu', 'cpu', 'memory', 'storage', 'motherboard', 'psu',
                                               'chassis', 'interconnect', 'cloud', 'cooler', 'server')),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    vendor TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL CHECK (length(trim(source)) > 0),
    as_of TEXT NOT NULL,
    confidence TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    notes TEXT NOT NULL DEFAULT ''
);
INSERT INTO part_v4 SELECT key, id, category, name, vendor, aliases, source, as_of, confidence, notes FROM part;
DROP TABLE part;
ALTER TABLE part_v4 RENAME TO part;
CREATE INDEX part_category ON part(category, name);
CREATE TABLE price_v4 (
    id INTEGER PRIMARY KEY,
    part_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('launch_msrp', 'street', 'vendor_quote', 'on_demand_hourly',
                                       'spot_hourly', 'reserved_hourly')),
    amount REAL NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL CHECK (length(currency) = 3),
    date TEXT NOT NULL,
    source TEXT NOT NULL CHECK (length(trim(source)) > 0)
);
INSERT INTO price_v4 SELECT id, part_id, kind, amount, currency, date, source FROM price;
DROP TABLE price;
ALTER TABLE price_v4 RENAME TO price;
CREATE INDEX price_part ON price(part_id, kind, date);
ALTER TABLE motherboard ADD COLUMN cpu_sockets INTEGER CHECK (cpu_sockets BETWEEN 1 AND 8);
ALTER TABLE motherboard ADD COLUMN slot_sharing TEXT;
ALTER TABLE chassis ADD COLUMN max_cooler_height_mm INTEGER CHECK (max_cooler_height_mm BETWEEN 20 AND 300);
ALTER TABLE psu ADD COLUMN redundancy TEXT;
ALTER TABLE gpu ADD COLUMN cooler_style TEXT CHECK (cooler_style IN ('blower', 'open_air', 'passive'));
CREATE TABLE cooler (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('air', 'aio', 'server_heatsink')),
    sockets TEXT NOT NULL CHECK (length(trim(sockets)) > 0),
    height_mm INTEGER CHECK (height_mm BETWEEN 10 AND 300),
    radiator_mm INTEGER CHECK (radiator_mm BETWEEN 60 AND 600)
);
CREATE TABLE server (
    part_id TEXT PRIMARY KEY NOT NULL REFERENCES part(id) ON DELETE CASCADE,
    rack_units INTEGER CHECK (rack_units BETWEEN 1 AND 48),
    gpu_form_factor TEXT NOT NULL CHECK (gpu_form_factor IN ('pcie', 'sxm', 'oam')),
    gpu_slots INTEGER NOT NULL CHECK (gpu_slots BETWEEN 1 AND 64),
    gpu_part_id TEXT,
    gpu_count INTEGER CHECK (gpu_count BETWEEN 1 AND 64),
    gpu_interconnect TEXT,
    socket TEXT,
    cpu_sockets INTEGER CHECK (cpu_sockets BETWEEN 1 AND 8),
    cpu_included TEXT,
    memory_type TEXT,
    memory_slots INTEGER CHECK (memory_slots BETWEEN 1 AND 128),
    memory_max_gb INTEGER CHECK (memory_max_gb BETWEEN 1 AND 1048576),
    pcie_expansion TEXT,
    drive_bays TEXT,
    psu_count INTEGER CHECK (psu_count BETWEEN 1 AND 16),
    psu_w INTEGER CHECK (psu_w BETWEEN 100 AND 20000),
    psu_redundancy TEXT,
    max_power_w INTEGER CHECK (max_power_w BETWEEN 100 AND 100000),
    network TEXT
);
CREATE TABLE catalog_pack (
    key TEXT PRIMARY KEY NOT NULL CHECK (key IN ('version', 'date', 'signed_off_by')),
    value TEXT NOT NULL CHECK (length(trim(value)) > 0)
);
)sql";

// v5: the dated reference exchange rates a catalog ships (euro reference rates of a day), used for
// a currency the user gave no rate for; and the markets a part is not sold new in, with the source.
constexpr std::string_view kVersion5 = R"sql(
CREATE TABLE exchange_rate (
    currency TEXT PRIMARY KEY NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)
                                              AND currency <> 'EUR'),
    per_euro REAL NOT NULL CHECK (per_euro > 0),
    date TEXT NOT NULL CHECK (length(date) = 10),
    source TEXT NOT NULL CHECK (length(trim(source)) > 0)
);
CREATE TABLE market_restriction (
    part_id TEXT NOT NULL,
    market TEXT NOT NULL CHECK (market IN ('CN')),
    source TEXT NOT NULL CHECK (length(trim(source)) > 0),
    PRIMARY KEY (part_id, market)
);
)sql";

// v6: where a price was seen (a region, a retailer), so that two prices of one part, kind, day and
// currency are told apart; the 8-pin CPU (EPS) connectors a supply has and a board takes, which
// data-centre cards take too; and the PyTorch backend a GPU or accelerator is programmed through.
constexpr std::string_view kVersion6 = R"sql(
ALTER TABLE price ADD COLUMN region TEXT NOT NULL DEFAULT '';
ALTER TABLE price ADD COLUMN retailer TEXT NOT NULL DEFAULT '';
ALTER TABLE psu ADD COLUMN eps_8pin INTEGER CHECK (eps_8pin BETWEEN 0 AND 16);
ALTER TABLE motherboard ADD COLUMN eps_8pin INTEGER CHECK (eps_8pin BETWEEN 0 AND 8);
ALTER TABLE gpu ADD COLUMN pytorch_backend TEXT;
)sql";

// v7: what a lab shares says who recorded it and when (one desktop's rows are its owner's): a price's
// who and when, a validation run's machine, recorder and its own id (a run kept while the lab's server
// was unreachable is pushed once by it), who chose a calibration, and a saved build's version and
// saver, so that a save over another person's newer change is refused instead of losing it; and the
// runs recorded while a lab's server was unreachable, until they are pushed to it.
constexpr std::string_view kVersion7 = R"sql(
ALTER TABLE price ADD COLUMN entered_by TEXT NOT NULL DEFAULT '';
ALTER TABLE price ADD COLUMN entered_at TEXT NOT NULL DEFAULT '';
ALTER TABLE validation_run ADD COLUMN machine TEXT NOT NULL DEFAULT '';
ALTER TABLE validation_run ADD COLUMN recorded_by TEXT NOT NULL DEFAULT '';
ALTER TABLE validation_run ADD COLUMN run_uid TEXT;
CREATE UNIQUE INDEX validation_run_uid ON validation_run(run_uid);
ALTER TABLE device_calibration ADD COLUMN calibrated_by TEXT NOT NULL DEFAULT '';
ALTER TABLE saved_build ADD COLUMN row_version INTEGER NOT NULL DEFAULT 1 CHECK (row_version >= 1);
ALTER TABLE saved_build ADD COLUMN saved_by TEXT NOT NULL DEFAULT '';
CREATE TABLE lab_outbox (
    lab TEXT NOT NULL,
    run_uid TEXT NOT NULL,
    PRIMARY KEY (lab, run_uid)
);
)sql";

constexpr Migration kMigrations[] = {
    {1, kVersion1}, {2, kVersion2}, {3, kVersion3}, {4, kVersion4},
    {5, kVersion5}, {6, kVersion6}, {7, kVersion7},
};

} // namespace

std::span<const Migration> catalogMigrations() {
    return kMigrations;
}

int latestSchemaVersion() {
    return kMigrations[std::size(kMigrations) - 1].version;
}

} // namespace torchrig::db
