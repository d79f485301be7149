#include "published_bus_bandwidth.h"

#include "published_throughput.h"

#include <stdexcept>

namespace torchrig::accuracy {

namespace {

estimate::LinkClass linkClassFromId(const std::string& id, const std::string& where) {
    for (auto link :
         {estimate::LinkClass::Nvlink, estimate::LinkClass::NvlinkBridge, estimate::LinkClass::PciePeerToPeer,
          estimate::LinkClass::PcieThroughHost, estimate::LinkClass::Network})
        if (estimate::linkClassId(link) == id)
            return link;
    throw std::runtime_error(where + ": no link class " + id);
}

} // namespace

std::filesystem::path publishedBusBandwidthPath() {
    return std::filesystem::path(__FILE__).parent_path() / "published_nccl_bus_bandwidth.csv";
}

std::vector<PublishedBusBandwidth> loadPublishedBusBandwidth(const std::filesystem::path& path) {
    const auto noted = readNotedCsv(path);
    std::vector<PublishedBusBandwidth> rows;
    for (std::size_t i = 0; i < noted.table.rows.size(); ++i) {
        const auto where = noted.where(i);
        auto cell = [&](const char* name) {
            return noted.cell(i, name);
        };
        PublishedBusBandwidth r;
        try {
            r.system = cell("system");
            r.gpuModel = cell("gpu_model");
            r.gpus = std::stoi(cell("gpus"));
            r.nodes = std::stoi(cell("nodes"));
            r.link = linkClassFromId(cell("link_class"), where);
            r.datasheetBytesPerSecond = std::stod(cell("datasheet_gbs")) * 1e9;
            r.busBytesPerSecond = std::stod(cell("busbw_gbs")) * 1e9;
            r.heldOut = cell("split") == "held-out";
            r.source = cell("source");
        } catch (const std::logic_error& e) { // stoi/stod: not a number
            throw std::runtime_error(where + ": " + e.what());
        }
        if (r.datasheetBytesPerSecond <= 0 || r.busBytesPerSecond <= 0)
            throw std::runtime_error(where + ": rates must be above 0");
        rows.push_back(std::move(r));
    }
    return rows;
}

std::map<estimate::LinkClass, double> fitBusFractions(const std::vector<PublishedBusBandwidth>& rows) {
    std::map<estimate::LinkClass, std::vector<double>> fractions;
    for (const auto& r : rows)
        if (!r.heldOut)
            fractions[r.link].push_back(r.busBytesPerSecond / r.datasheetBytesPerSecond);
    std::map<estimate::LinkClass, double> fitted;
    for (const auto& [link, values] : fractions)
        fitted[link] = median(values);
    return fitted;
}

double busBandwidthError(const PublishedBusBandwidth& row) {
    return estimate::busBandwidth(row.link, row.datasheetBytesPerSecond) / row.busBytesPerSecond - 1;
}

} // namespace torchrig::accuracy
