<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>torchrig::ui::AnalysisPanel</name>
    <message numerus="yes">
        <source>Describe a workload to see its memory and step time on %n x %1.</source>
        <translation>
            <numerusform>Describe a workload to see its memory and step time on %n x %1.</numerusform>
            <numerusform>Describe a workload to see its memory and step time on %n x %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1, %2 over %n GPU(s)</source>
        <translation>
            <numerusform>step %1, %2 over %n GPU</numerusform>
            <numerusform>step %1, %2 over %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n x %2 — %3; %4</source>
        <translation>
            <numerusform>%1 on %n x %2 — %3; %4</numerusform>
            <numerusform>%1 on %n x %2 — %3; %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>torchrig::ui::BuildEditor</name>
    <message numerus="yes">
        <source> + %n line(s) to be quoted</source>
        <translation>
            <numerusform> + %n line to be quoted</numerusform>
            <numerusform> + %n lines to be quoted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>torchrig::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n part(s) shown · %1</source>
        <translation>
            <numerusform>%n part shown · %1</numerusform>
            <numerusform>%n parts shown · %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s)).</source>
        <translation>
            <numerusform>Wrote %1 (%n page).</numerusform>
            <numerusform>Wrote %1 (%n pages).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Prices, quotes, validation runs and calibrations are the lab&apos;s, shared with its members. %n run(s) recorded offline were pushed on opening.</source>
        <translation>
            <numerusform>Prices, quotes, validation runs and calibrations are the lab&apos;s, shared with its members. %n run recorded offline was pushed on opening.</numerusform>
            <numerusform>Prices, quotes, validation runs and calibrations are the lab&apos;s, shared with its members. %n runs recorded offline were pushed on opening.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>torchrig::ui::PlanDialog</name>
    <message numerus="yes">
        <source>%n identical nodes, each with:</source>
        <translation>
            <numerusform>%n identical node, each with:</numerusform>
            <numerusform>%n identical nodes, each with:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>† %n part(s) without a price: ask a vendor for a quote (not in the total)</source>
        <translation>
            <numerusform>† %n part without a price: ask a vendor for a quote (not in the total)</numerusform>
            <numerusform>† %n parts without a price: ask a vendor for a quote (not in the total)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>torchrig::ui::StepTimeChart</name>
    <message numerus="yes">
        <source>step %1 · %2 over %n GPU(s) · MFU %3 %</source>
        <translation>
            <numerusform>step %1 · %2 over %n GPU · MFU %3 %</numerusform>
            <numerusform>step %1 · %2 over %n GPUs · MFU %3 %</numerusform>
        </translation>
    </message>
</context>
</TS>
