// Benchmark (not a test): does torchrig-validate's graph interpreter add time to a training step?
//   torchrig-bench-validate-overhead [PATH-TO-torchrig-validate] [STEPS=5]
// Trains ResNet-18 (batch 8, 224x224, fp32, AdamW) twice on the CPU: through the worker, and
// through a plain LibTorch loop written by hand with torch::nn modules and torch::optim::AdamW.
// Prints both median step times and their ratio.

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct BasicBlockImpl : torch::nn::Module {
    BasicBlockImpl(int64_t in, int64_t out, int64_t stride) {
        conv1 = register_module(
            "conv1",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false)));
        bn1 = register_module("bn1", torch::nn::BatchNorm2d(out));
        conv2 = register_module(
            "conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(out, out, 3).padding(1).bias(false)));
        bn2 = register_module("bn2", torch::nn::BatchNorm2d(out));
        if (stride != 1 || in != out) {
            down = register_module(
                "downsample",
                torch::nn::Sequential(
                    torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)),
                    torch::nn::BatchNorm2d(out)));
        }
    }
    torch::Tensor forward(torch::Tensor x) {
        auto identity = down ? down->forward(x) : x;
        auto y = bn1(conv1(x));
        y = bn2(conv2(torch::relu_(y)));
        auto sum = y + identity;
        return torch::relu_(sum);
    }
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
    torch::nn::Sequential down{nullptr};
};
TORCH_MODULE(BasicBlock);

struct ResNet18Impl : torch::nn::Module {
    ResNet18Impl() {
        conv1 = register_module(
            "conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 7).stride(2).padding(3).bias(false)));
        bn1 = register_module("bn1", torch::nn::BatchNorm2d(64));
        int64_t in = 64;
        for (int layer = 0; layer < 4; ++layer) {
            int64_t out = 64 << layer;
            for (int block = 0; block < 2; ++block) {
                blocks.push_back(register_module("block" + std::to_string(layer * 2 + block),
                                                 BasicBlock(in, out, block == 0 && layer > 0 ? 2 : 1)));
                in = out;
            }
        }
        fc = register_module("fc", torch::nn::Linear(512, 1000));
    }
    torch::Tensor forward(torch::Tensor x) {
        x = bn1(conv1(x));
        x = torch::max_pool2d(torch::relu_(x), 3, 2, 1);
        for (auto& block : blocks)
            x = block->forward(x);
        return fc(torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1));
    }
    torch::nn::Conv2d conv1{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr};
    std::vector<BasicBlock> blocks;
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ResNet18);

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    std::string worker = argc > 1 ? argv[1] : "torchrig-validate";
    int steps = argc > 2 ? std::atoi(argv[2]) : 5;
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

    // The worker, as the planner runs it.
    std::string request =
        "{\"model\":\"resnet18\",\"batch\":8,\"image_size\":224,\"optimizer\":\"adamw\",\"warmup_steps\":1,"
        "\"steps\":" +
        std::to_string(steps) + ",\"threads\":" + std::to_string(threads) + "}";
    std::string command = "echo '" + request + "' | " + worker + " - | tail -n 1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string line;
    char buffer[4096];
    while (auto n = std::fread(buffer, 1, sizeof buffer, pipe))
        line.append(buffer, n);
    pclose(pipe);
    auto at = line.find("\"step_seconds\":");
    if (at == std::string::npos) {
        std::fprintf(stderr, "the worker gave no result: %s\n", line.c_str());
        return 1;
    }
    double workerSeconds = std::stod(line.substr(at + 15));

    // The same training written by hand.
    at::set_num_threads(threads);
    torch::manual_seed(0);
    ResNet18 model;
    torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.01));
    auto images = torch::randn({8, 3, 224, 224});
    auto labels = torch::randint(1000, {8}, torch::kLong);
    std::vector<double> times;
    for (int step = 0; step <= steps; ++step) {
        auto start = Clock::now();
        for (auto& p : model->parameters())
            p.mutable_grad().reset();
        auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
        loss.backward();
        optimizer.step();
        if (step > 0)
            times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    double handSeconds = median(times);
    std::printf("resnet18, batch 8, 224x224, fp32, AdamW, %d threads, median of %d steps\n", threads, steps);
    std::printf("  torchrig-validate: %.4f s/step\n", workerSeconds);
    std::printf("  hand-written loop: %.4f s/step\n", handSeconds);
    std::printf("  worker / hand:     %.3f\n", workerSeconds / handSeconds);
    return 0;
}
