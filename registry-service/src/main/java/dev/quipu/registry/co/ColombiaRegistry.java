package dev.quipu.registry.co;

import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.company.TaxIdView;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.ConfidenceRule;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.LiveResult;
import dev.quipu.registry.lookup.LiveSource;
import dev.quipu.registry.lookup.SourceRefs;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Colombia: RUES (the chambers of commerce's registry) asked live, its bulk export as the floor, then
 * Supersociedades' rankings of the largest companies (2025, then 2018) for what RUES does not say. Records
 * are keyed by the NIT body without check digit, as every Colombian source writes it.
 */
@Singleton
public class ColombiaRegistry implements CountryRegistry {

    public static final String COUNTRY = "CO";
    static final Duration RUES_CYCLE = Duration.ofDays(1);
    static final Duration RANKING_CYCLE = Duration.ofDays(365);
    static final String LIST_2025 = "Supersociedades — 10.000 empresas más grandes del país (ranking 2025)";
    static final String LIST_2018 = "Supersociedades — 1.000 empresas más grandes del país (2018)";

    private final RuesDataset rues;
    private final SupersociedadesEmpresas2025 ranking2025;
    private final SupersociedadesEmpresas2018 ranking2018;
    private final RuesOpenData ruesLive;
    private final RuesAssembly ruesAssembly;
    private final RankingAssembly rankingAssembly;
    private final Clock clock;

    public ColombiaRegistry(RuesDataset rues, SupersociedadesEmpresas2025 ranking2025, SupersociedadesEmpresas2018 ranking2018,
                            RuesOpenData ruesLive, CiiuCatalogue ciiu, JsonMapper json, Clock clock) {
        this.rues = rues;
        this.ranking2025 = ranking2025;
        this.ranking2018 = ranking2018;
        this.ruesLive = ruesLive;
        this.ruesAssembly = new RuesAssembly(json, ciiu);
        this.rankingAssembly = new RankingAssembly(ciiu);
        this.clock = clock;
    }

    @Override
    public String country() {
        return COUNTRY;
    }

    @Override
    public List<BulkDataset> datasets() {
        return List.of(rues, ranking2025, ranking2018);
    }

    @Override
    public List<LiveSource> liveSources() {
        return List.of(ruesLive);
    }

    /** The provenance of both files is in docs/registry/co.md; the readers find their cut-off in the files. */
    @Override
    public List<BundledSample> bundled() {
        return List.of(
                new BundledSample(SupersociedadesEmpresas2025.ID, "registry/co/supersociedades/Base_10000_empresas_2026.xlsx",
                        "https://github.com/camirios052003-lgtm/analisis-financiero-empresas-colombianas/blob/"
                                + "303d76572e7e/data/Bronze/Base_10000_empresas_2026.xlsx",
                        new CutOff(LocalDate.of(2025, 12, 31), "fiscal year 2025 figures (sample provenance)")),
                new BundledSample(SupersociedadesEmpresas2018.ID, "registry/co/supersociedades/1000_Empresas_mas_grandes_del_pa_s.csv",
                        "https://github.com/Colquida/Modelos-predictivos/blob/c65d579a9ed1291efde54fddabc46b2fb1bb962e/"
                                + "1000_Empresas_mas_grandes_del_pa_s.csv",
                        new CutOff(LocalDate.of(2018, 12, 31), "fiscal year 2018 figures (sample provenance)")));
    }

    /** The NIT body: the normalised NIT without its check digit ({@code 8999990681} → {@code 899999068}). */
    @Override
    public List<String> keys(TaxIdCheck id) {
        return List.of(nitBody(id));
    }

    static String nitBody(TaxIdCheck id) {
        String n = id.normalized();
        return n.substring(0, n.length() - 1);
    }

    @Override
    public Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence) {
        String key = nitBody(id);
        CompanyBuilder company = new CompanyBuilder(TaxIdView.of(id));
        List<Listing> listings = new ArrayList<>();
        List<SourceRef> sources = new ArrayList<>();
        List<String> notVerified = new ArrayList<>();
        SourceRef primary = null;
        boolean fromRues = false;

        Optional<LiveResult> live = evidence.live(RuesOpenData.ID);
        List<RuesMatricula> matriculas = live.map(l -> liveRows(l, key, notVerified)).orElse(List.of());
        if (!matriculas.isEmpty()) {
            SourceRef ref = SourceRefs.of(live.get());
            listings.addAll(ruesAssembly.apply(matriculas, company, ref.id()));
            sources.add(ref);
            primary = ref;
            fromRues = true;
            if (LiveResult.STORE.equals(live.get().mode())) {
                notVerified.add("RUES could not be asked now; its answer kept from " + live.get().fetchedAt() + " is shown");
            }
        } else {
            List<StoredRow> bulk = newestEdition(evidence.rows(RuesDataset.ID), key);
            if (!bulk.isEmpty()) {
                SourceRef ref = SourceRefs.of(rues, bulk.get(0));
                listings.addAll(ruesAssembly.apply(RuesMatricula.ordered(bulk.stream().map(StoredRow::fields).toList()),
                        company, ref.id()));
                sources.add(ref);
                primary = ref;
                fromRues = true;
            }
        }

        SourceRef rankingRef = null;
        for (var ranking : List.of(Map.entry(ranking2025, LIST_2025), Map.entry(ranking2018, LIST_2018))) {
            Optional<StoredRow> row = evidence.first(ranking.getKey().id(), key);
            if (row.isPresent()) {
                SourceRef ref = SourceRefs.of(ranking.getKey(), row.get());
                rankingAssembly.apply(row.get(), company, ref.id());
                listings.add(rankingAssembly.listing(row.get(), ranking.getValue(), ref.id()));
                sources.add(ref);
                rankingRef = rankingRef == null ? ref : rankingRef;
            }
        }
        if (sources.isEmpty()) {
            return Optional.empty();
        }

        LocalDate today = clock.instant().atZone(ZoneOffset.UTC).toLocalDate();
        Confidence confidence;
        if (fromRues) {
            confidence = ConfidenceRule.registryRecord(primary, RUES_CYCLE, false, today);
        } else {
            confidence = ConfidenceRule.registryRecord(rankingRef, RANKING_CYCLE, true, today);
            notVerified.add("RUES gave no record of this NIT (it was not asked, could not answer, or does not know it):"
                    + " status and registration (chamber, matrícula, dates) are not verified");
            notVerified.add("Supersociedades' rankings list the largest companies by revenue with their domicile and"
                    + " activity; they publish no status and no registration");
        }
        if (!id.checkDigitSupplied()) {
            notVerified.add("the NIT was given without its check digit; the DIAN check digit shown was computed, not checked"
                    + " against one the caller holds");
        }
        notVerified.add("capital: RUES open data and the rankings publish no registered capital (the rankings' TOTAL"
                + " PATRIMONIO is equity, not capital)");
        if (fromRues && company.build().address() == null) {
            notVerified.add("address: the RUES open dataset publishes no address");
        }
        return Optional.of(new CompanyRecord(company.build(), List.copyOf(listings), List.copyOf(sources),
                company.fieldSources(), confidence, null, List.copyOf(notVerified)));
    }

    /** The live answer's rows about this NIT body (Socrata answers the $where; a row for another NIT is not used). */
    private List<RuesMatricula> liveRows(LiveResult live, String key, List<String> notVerified) {
        try {
            List<Map<String, String>> rows = ruesAssembly.rows(live.body());
            return RuesMatricula.ordered(rows).stream().filter(m -> m.nitBody().map(key::equals).orElse(false)).toList();
        } catch (IOException | RuntimeException e) {
            notVerified.add("RUES' answer could not be read (" + e.getClass().getSimpleName() + ")");
            return List.of();
        }
    }

    /** The rows under the key from the newest complete load of a dataset. */
    private static List<StoredRow> newestEdition(List<StoredRow> newestFirst, String key) {
        List<StoredRow> mine = newestFirst.stream().filter(r -> r.key().equals(key)).toList();
        if (mine.isEmpty()) {
            return mine;
        }
        long load = mine.get(0).load().id();
        return mine.stream().filter(r -> r.load().id() == load).toList();
    }
}
