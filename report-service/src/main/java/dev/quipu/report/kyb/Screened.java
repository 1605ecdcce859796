package dev.quipu.report.kyb;

import dev.quipu.report.parts.PartAnswer;

/** One name the KYB screened (the company, a representative, a partner) and sanctions-service's answer. */
public record Screened(String role, String name, PartAnswer answer) {
}
