#include "plan/sheet_words.h"

#include <map>

namespace torchrig::plan {

namespace {

// The sheet's own words in Chinese; what the checker, the advisor and the estimator say stays in
// their English (named so in the sheet's assumptions).
const std::map<std::string, std::string, std::less<>>& chinese() {
    static const std::map<std::string, std::string, std::less<>> words = {
        {"Build sheet", "配置单"},
        {"Date", "日期"},
        {"Requested by", "申请人"},
        {"Group", "课题组"},
        {"Budget code", "经费代码"},
        {"Summary", "概要"},
        {"Nodes", "节点数"},
        {"GPUs", "GPU"},
        {"Parts total", "配件合计"},
        {"Power at full load", "满载功耗"},
        {"Findings", "检查结果"},
        {"Based on", "参考来源"},
        {"Components", "配件清单"},
        {"Part", "配件"},
        {"Memory kit", "内存"},
        {"Storage", "存储"},
        {"Motherboard", "主板"},
        {"Power supply", "电源"},
        {"Chassis", "机箱"},
        {"Interconnect", "互联"},
        {"Cloud instance", "云实例"},
        {"Kind", "类别"},
        {"Qty", "数量"},
        {"Unit price", "单价"},
        {"Price date and source", "价格日期与来源"},
        {"Subtotal", "小计"},
        {"no price", "无价格"},
        {"Parts", "配件"},
        {"Tax", "税"},
        {"Shipping", "运费"},
        {"Total", "总计"},
        {"not known until every part has a price", "需所有配件都有价格后才能得出"},
        {"per hour", "每小时"},
        {"Compatibility and power", "兼容性与功耗"},
        {"Severity", "严重程度"},
        {"Finding", "问题"},
        {"What to do", "处理建议"},
        {"problem", "问题"},
        {"warning", "警告"},
        {"note", "提示"},
        {"problems", "个问题"},
        {"warnings", "个警告"},
        {"No problems found.", "未发现问题。"},
        {"Not checked", "未检查项"},
        {"Workloads", "训练任务"},
        {"Workload", "任务"},
        {"Model", "模型"},
        {"Batch per GPU", "每卡批大小"},
        {"Precision", "精度"},
        {"Optimizer", "优化器"},
        {"Parallel strategy", "并行策略"},
        {"Fits", "能否装下"},
        {"fits", "能装下"},
        {"does not fit", "装不下"},
        {"unknown", "未知"},
        {"Memory per GPU", "每卡显存"},
        {"Step time", "单步时间"},
        {"Samples per second", "每秒样本数"},
        {"Step time may be off by", "单步时间可能偏差"},
        {"the largest error on GPUs of this architecture that the time model was not fitted to",
         "时间模型在未参与拟合的同架构 GPU 上的最大误差"},
        {"Time per run", "单次训练时间"},
        {"Energy per run", "单次训练能耗"},
        {"not estimated", "未估计"},
        {"Memory per GPU by kind", "每卡显存构成"},
        {"weights", "权重"},
        {"gradients", "梯度"},
        {"optimizer_state", "优化器状态"},
        {"activations", "激活值"},
        {"temporaries", "临时张量"},
        {"inputs", "输入"},
        {"workspace", "工作区"},
        {"context and libraries", "CUDA 上下文与库"},
        {"allocator slack", "分配器余量"},
        {"usable", "可用"},
        {"No workload is planned for this build.", "此配置没有规划训练任务。"},
        {"Validation runs", "实测记录"},
        {"Advisor's notes", "建议"},
        {"Rent or buy", "租用还是购买"},
        {"Purchase", "购买价"},
        {"Option", "方案"},
        {"Per hour", "每小时"},
        {"A month of this build's work", "本机一个月的工作量"},
        {"Buying pays off after", "购买回本时间"},
        {"this build", "本配置"},
        {"months", "个月"},
        {"never", "不会"},
        {"yes", "是"},
        {"no", "否"},
        {"Advice", "建议"},
        {"Source", "来源"},
        {"Correction", "勘误"},
        {"Assumptions", "假设与说明"},
        {"Vendor quotes", "供应商报价"},
        {"Vendor", "供应商"},
        {"Amount", "金额"},
        {"Reference", "编号"},
        {"Approval", "审批"},
        {"Role", "角色"},
        {"Name", "姓名"},
        {"Signature", "签字"},
        {"Requester", "申请人"},
        {"Supervisor", "导师"},
        {"Purchasing office", "采购部门"},
        {"Notes", "备注"},
        {"Page %1 of %2", "第 %1 页，共 %2 页"},
        {"made with TorchRig", "由 TorchRig 生成"},
        {"catalog", "目录"},
        {"The checker, advisor and estimator notes are in English.", "检查、建议与估算说明为英文原文。"},
    };
    return words;
}

} // namespace

std::string Words::operator()(std::string_view english) const {
    if (m_chinese) {
        const auto found = chinese().find(english);
        if (found != chinese().end())
            return found->second;
    }
    return std::string(english);
}

} // namespace torchrig::plan
