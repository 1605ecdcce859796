package dev.quipu.contracts.pricebook;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.quipu.contracts.pricebook.FieldType.ARRAY;
import static dev.quipu.contracts.pricebook.FieldType.INTEGER;
import static dev.quipu.contracts.pricebook.FieldType.NUMBER;
import static dev.quipu.contracts.pricebook.FieldType.OBJECT;
import static dev.quipu.contracts.pricebook.FieldType.STRING;
import static dev.quipu.contracts.pricebook.InputField.body;
import static dev.quipu.contracts.pricebook.InputField.query;

/**
 * Every route of the spec, paid and free. This is the single source of truth for prices, trial
 * eligibility, ownership and input/output shapes; nothing else in the suite repeats a price.
 */
public final class PriceBook {

    public static final List<String> RATE_COUNTRIES = List.of("CO", "MX", "BR", "CL", "PE", "AR");
    public static final List<String> REGISTRY_COUNTRIES = List.of("CO", "MX", "BR", "CL", "PE");
    public static final List<String> ID_TYPES = List.of("nit", "cnpj", "rfc", "rut", "ruc");
    public static final List<String> PARTY_TYPES = List.of("person", "company");
    public static final List<String> PURPOSES = List.of("onboarding", "transaction", "periodic_review");
    public static final List<String> RATE_SIGNALS = List.of("fx", "rates", "spreads", "arbitrage");
    public static final List<String> ZKP_MODES = List.of("commitment", "k_anonymity");

    /** 1–128 characters of {@code A-Za-z0-9:._-}, everywhere an agent id appears. */
    public static final String AGENT_ID_PATTERN = "[A-Za-z0-9:._-]{1,128}";
    public static final String ISO_COUNTRY_PATTERN = "[A-Z]{2}";
    public static final String PARTIAL_DATE_PATTERN = "\\d{4}(-\\d{2}(-\\d{2})?)?";

    private static final InputField AGENT_ID = body("agent_id", STRING).pattern(AGENT_ID_PATTERN)
            .describedAs("Caller's agent id for the audit chain, reputation and budget (1-128 of A-Za-z0-9:._-)");

    private final List<Operation> operations;
    private final List<FreeRoute> freeRoutes;
    private final Map<String, Operation> byRoute;

    public PriceBook() {
        this.operations = List.copyOf(buildOperations());
        this.freeRoutes = List.copyOf(buildFreeRoutes());
        this.byRoute = operations.stream().collect(Collectors.toUnmodifiableMap(
                op -> key(op.method(), op.path()), Function.identity()));
    }

    /** Paid operations in a stable order (the order of the spec's table). */
    public List<Operation> operations() {
        return operations;
    }

    public List<FreeRoute> freeRoutes() {
        return freeRoutes;
    }

    public Optional<Operation> find(String method, String path) {
        return Optional.ofNullable(byRoute.get(key(method, path)));
    }

    /** Paid operations whose path is {@code path}, whatever their method. */
    public List<Operation> atPath(String path) {
        return operations.stream().filter(op -> op.path().equals(path)).toList();
    }

    public Optional<Operation> byId(String id) {
        return operations.stream().filter(op -> op.id().equals(id)).findFirst();
    }

    /** Distinct paid paths, sorted; each answers a GET probe. */
    public List<String> paidPaths() {
        return operations.stream().map(Operation::path).distinct().sorted(Comparator.naturalOrder()).toList();
    }

    private static String key(String method, String path) {
        return method.toUpperCase(java.util.Locale.ROOT) + " " + path;
    }

    private static List<Operation> buildOperations() {
        List<Operation> ops = new ArrayList<>();
        InputField rateCountry = body("country", STRING).required().allowed(RATE_COUNTRIES)
                .describedAs("Country: CO, MX, BR, CL, PE or AR");
        InputField registryCountry = body("country", STRING).required().allowed(REGISTRY_COUNTRIES)
                .describedAs("Country: CO, MX, BR, CL or PE");
        InputField anyCountry = body("country", STRING).required().pattern(ISO_COUNTRY_PATTERN)
                .describedAs("ISO 3166-1 alpha-2 country code, upper case");
        InputField identifier = body("identifier", STRING).required().maxLength(64)
                .describedAs("Tax identifier: NIT (CO), RFC (MX), CNPJ (BR), RUT (CL) or RUC (PE)");

        ops.add(op("rates", "POST", "/rates", "0.02", true, Service.RATES,
                List.of(rateCountry,
                        body("signals", ARRAY).allowed(RATE_SIGNALS)
                                .describedAs("Optional signal families to add: fx, rates, spreads, arbitrage"),
                        AGENT_ID),
                List.of("country", "usd_cop", "dtf_ea", "usd_mxn", "tiie_28", "usd_brl", "selic", "usd_clp",
                        "uf_clp", "usd_pen", "usd_ars", "usd_ars_blue", "source_mode"),
                "Central-bank rates and FX for one country, each with its publisher date and source"));
        List<InputField> screening = List.of(
                body("name", STRING).required().maxLength(256).describedAs("Name of the person or company"),
                anyCountry,
                body("type", STRING).required().allowed(PARTY_TYPES).describedAs("person or company"),
                AGENT_ID,
                body("date_of_birth", STRING).pattern(PARTIAL_DATE_PATTERN)
                        .describedAs("Optional date of birth: YYYY, YYYY-MM or YYYY-MM-DD"),
                body("nationality", STRING).pattern(ISO_COUNTRY_PATTERN).describedAs("Optional nationality (ISO alpha-2)"),
                body("identifiers", ARRAY).maxLength(20).describedAs("Optional identifiers (passport, tax id, ...)"),
                body("threshold", NUMBER).range(0, 1).describedAs("Optional match threshold between 0 and 1"),
                body("limit", INTEGER).range(1, 100).describedAs("Optional maximum number of matches (1-100)"));
        List<String> sanctionsOut = List.of("risk_score", "risk_category", "matches", "lists_checked", "audit_hash", "aat");
        ops.add(op("sanctions_screen", "POST", "/sanctions", "0.05", true, Service.SANCTIONS, screening, sanctionsOut,
                "Screen a person or company against OFAC SDN and non-SDN, UN, EU and UK sanctions lists"));
        ops.add(op("sanctions_quick", "POST", "/sanctions/quick", "0.01", true, Service.SANCTIONS, screening,
                sanctionsOut, "Screen a person or company against the OFAC SDN list only"));
        ops.add(op("sanctions_zkp", "POST", "/sanctions/zkp", "0.05", true, Service.SANCTIONS,
                List.of(body("scheme_version", STRING).required().maxLength(32)
                                .describedAs("Version of the normalisation and commitment scheme from GET /sanctions/zkp/prepare"),
                        body("mode", STRING).required().allowed(ZKP_MODES).describedAs("commitment or k_anonymity"),
                        body("type", STRING).allowed(PARTY_TYPES).describedAs("Optional: person or company"),
                        body("commitments", OBJECT).describedAs("commitment mode: commitments of the normalised name and its parts"),
                        body("prefixes", ARRAY).maxLength(64).describedAs("k_anonymity mode: short hash prefixes of the name parts"),
                        AGENT_ID),
                sanctionsOut, "Sanctions screening in which the name never leaves the client"));
        ops.add(op("entity_lookup", "POST", "/entity", "0.03", true, Service.REGISTRY,
                List.of(identifier, registryCountry, AGENT_ID),
                List.of("razon_social", "estado", "representante_legal", "ciiu", "data_confidence"),
                "Company enrichment by tax identifier: name, status, legal representative, activity"));
        ops.add(op("registry_record", "POST", "/registry", "0.05", false, Service.REGISTRY,
                List.of(identifier, registryCountry,
                        body("id_type", STRING).required().allowed(ID_TYPES).describedAs("nit, cnpj, rfc, rut or ruc"),
                        AGENT_ID),
                List.of("razon_social", "capital_social", "socios", "registro_tipo", "renovado_hasta"),
                "Full business-registry record: shareholders, capital, renewal, legal object, domicile"));
        ops.add(op("market_context", "POST", "/context", "0.10", false, Service.REPORT,
                List.of(body("sector", STRING).required().maxLength(128).describedAs("Economic sector"),
                        rateCountry,
                        body("query", STRING).maxLength(1000).describedAs("Optional question about the market"),
                        AGENT_ID),
                List.of("market_size_usd", "growth_rate_pct", "key_players", "opportunity_score", "regulatory_framework"),
                "Market context for a sector and country"));
        ops.add(op("defi_report", "POST", "/report/defi-latam", "0.10", true, Service.REPORT,
                List.of(anyCountry,
                        body("entity_id", STRING).maxLength(64).describedAs("Optional entity tax identifier"),
                        body("wallet", STRING).maxLength(128).describedAs("Optional wallet address"),
                        AGENT_ID),
                List.of("defi_clearance", "sanctions", "fx_rates", "risk_score", "audit_hash", "aat"),
                "DeFi compliance report: wallet and entity sanctions plus FX context"));
        ops.add(op("wallet_screen", "POST", "/wallet/screen", "0.05", true, Service.SANCTIONS,
                List.of(body("wallet", STRING).required().maxLength(128).describedAs("Wallet address (EVM, Bitcoin, Tron, ...)"),
                        anyCountry,
                        body("check_entity", STRING).maxLength(256).describedAs("Optional owner name to screen as well"),
                        AGENT_ID),
                List.of("recommended_action", "risk_score", "risk_category", "matches", "audit_hash", "aat"),
                "Wallet-address sanctions screening against OFAC digital-currency addresses"));
        ops.add(op("entity_kyb", "POST", "/entity/kyb", "0.08", true, Service.REPORT,
                List.of(identifier, registryCountry, AGENT_ID),
                List.of("kyb_status", "entity", "sanctions", "data_confidence", "audit_hash", "aat"),
                "Know-your-business check: entity record plus sanctions screening"));
        ops.add(op("market_signal", "POST", "/market/signal", "0.05", true, Service.RATES,
                List.of(rateCountry, AGENT_ID),
                List.of("signals", "primary_fx_usd", "arbitrage_spread_pct", "blue_rate_usd"),
                "Macro market signals from central-bank data: FX moves, rate levels, spreads, arbitrage"));
        ops.add(op("compliance_report", "POST", "/compliance/report", "0.25", true, Service.REPORT,
                List.of(body("entity_id", STRING).required().maxLength(64).describedAs("Entity tax identifier"),
                        anyCountry,
                        body("purpose", STRING).required().allowed(PURPOSES)
                                .describedAs("onboarding, transaction or periodic_review"),
                        AGENT_ID),
                List.of("overall_status", "recommendation", "audit_trail", "compliance_framework", "audit_hash", "aat"),
                "Enterprise compliance report for an entity"));
        for (String cc : REGISTRY_COUNTRIES) {
            String lower = cc.toLowerCase(java.util.Locale.ROOT);
            ops.add(op("kyb_complete_" + lower, "POST", "/solutions/kyb-complete-" + lower, "0.15", true, Service.REPORT,
                    List.of(body("identifier", STRING).required().maxLength(64)
                                    .describedAs("Tax identifier of the company in " + cc),
                            body("name", STRING).maxLength(256).describedAs("Optional company name to screen as well"),
                            AGENT_ID),
                    List.of("registry", "sanctions", "risk_narrative", "audit_trail", "audit_hash", "aat"),
                    "One-call KYB for " + cc + ": registry lookup, sanctions screening, risk narrative, audit trail"));
        }
        ops.add(op("screening_global", "POST", "/solutions/screening-global", "0.08", true, Service.REPORT,
                List.of(body("name", STRING).required().maxLength(256).describedAs("Name of the person or company"),
                        anyCountry,
                        body("type", STRING).required().allowed(PARTY_TYPES).describedAs("person or company"),
                        AGENT_ID),
                List.of("sanctions", "risk_narrative", "audit_trail", "audit_hash", "aat"),
                "Global screening for an entity in any country: OFAC, UN, EU and UK plus a risk narrative"));
        InputField tokenCountry = query("country", STRING).allowed(RATE_COUNTRIES).defaultValue("CO")
                .describedAs("Country of the stream the token opens (default CO)");
        List<String> tokenOut = List.of("stream_token", "country", "expires_at");
        ops.add(op("rates_stream_token", "POST", "/rates/stream/token", "0.02", false, Service.PAYMENT,
                List.of(tokenCountry), tokenOut, "A single-use token, valid 5 minutes, that opens one paid rates stream"));
        ops.add(op("rates_stream_token_get", "GET", "/rates/stream/token", "0.02", false, Service.PAYMENT,
                List.of(tokenCountry), tokenOut, "Same operation as POST /rates/stream/token"));
        return ops;
    }

    private static List<FreeRoute> buildFreeRoutes() {
        return List.of(
                new FreeRoute("GET", "/health", Service.GATEWAY, "Health of the suite, payment facilitator circuit state and latency"),
                new FreeRoute("GET", "/reputation/{agent_id}", Service.REPUTATION, "Tier and statistics of an agent"),
                new FreeRoute("GET", "/reputation", Service.REPUTATION, "Tier definitions and requirements"),
                new FreeRoute("POST", "/budget", Service.REPUTATION, "Set a per-agent spending cap (operator only)"),
                new FreeRoute("GET", "/budget/{agent_id}", Service.REPUTATION, "Budget status of an agent"),
                new FreeRoute("GET", "/sanctions/zkp/prepare", Service.SANCTIONS, "Client-side commitment scheme and normalisation"),
                new FreeRoute("GET", "/audit/{agent_id}", Service.AUDIT, "The audit chain of an agent, paged"),
                new FreeRoute("GET", "/audit/{agent_id}/events/{event_id}", Service.AUDIT, "One audited call of an agent"),
                new FreeRoute("GET", "/audit/{agent_id}/verify", Service.AUDIT, "Recompute an agent's chain and name the first broken link"),
                new FreeRoute("GET", "/audit/{agent_id}/export", Service.AUDIT, "An agent's chain as JSON Lines for offline verification"),
                new FreeRoute("GET", "/audit-checkpoints", Service.AUDIT, "Recent signed checkpoints (Merkle root of all chain heads, Ed25519)"),
                new FreeRoute("GET", "/audit-checkpoints/public-key", Service.AUDIT, "The Ed25519 public key that signs audit checkpoints"),
                new FreeRoute("GET", "/audit-checkpoints/{checkpoint_id}", Service.AUDIT, "One signed checkpoint with the chain heads it covers"),
                new FreeRoute("GET", "/audit-checkpoints/{checkpoint_id}/verify", Service.AUDIT, "Check a checkpoint's signature and that no chain was rewritten since"),
                new FreeRoute("GET", "/rates/stream", Service.GATEWAY, "Server-sent event stream of central-bank rates"),
                new FreeRoute("GET", "/mcp", Service.GATEWAY, "MCP manifest"),
                new FreeRoute("POST", "/mcp", Service.GATEWAY, "MCP server, JSON-RPC 2.0"),
                new FreeRoute("GET", "/.well-known/a2a-agent.json", Service.GATEWAY, "Agent-to-agent discovery manifest"),
                new FreeRoute("GET", "/.well-known/agent.json", Service.GATEWAY, "Alias of the agent manifest"),
                new FreeRoute("GET", "/.well-known/x402", Service.GATEWAY, "x402 payment discovery"),
                new FreeRoute("GET", "/.well-known/x402.json", Service.GATEWAY, "x402 payment discovery"),
                new FreeRoute("GET", "/llms.txt", Service.GATEWAY, "Plain-text description of the service"),
                new FreeRoute("GET", "/docs", Service.GATEWAY, "Interactive documentation"),
                new FreeRoute("GET", "/", Service.GATEWAY, "Root"),
                new FreeRoute("GET", "/demo", Service.GATEWAY, "Browser page for live verification without a wallet"),
                new FreeRoute("GET", "/static/logo.png", Service.GATEWAY, "Logo"));
    }

    private static Operation op(String id, String method, String path, String price, boolean trial, Service service,
                                List<InputField> input, List<String> output, String description) {
        return new Operation(id, method, path, new BigDecimal(price), trial, service, input, output, description);
    }
}
