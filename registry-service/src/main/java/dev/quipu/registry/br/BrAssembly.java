package dev.quipu.registry.br;

import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.company.TaxIdView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One Brazilian answer being put together: the company block, the listings, the sources used and what stayed unverified. */
final class BrAssembly {

    static final String SIMPLES = "Simples Nacional";
    static final String MEI = "MEI (SIMEI)";
    static final String CVM = "CVM — companhias abertas";

    final CompanyBuilder company;
    private final List<Listing> listings = new ArrayList<>();
    private final Map<String, SourceRef> sources = new LinkedHashMap<>();
    private final List<String> notVerified = new ArrayList<>();

    BrAssembly(TaxIdView taxId) {
        this.company = new CompanyBuilder(taxId);
    }

    void source(SourceRef ref) {
        sources.putIfAbsent(ref.id(), ref);
    }

    /** Adds a listing unless a preferred source already gave that list. */
    void listing(Listing listing) {
        if (!hasListing(listing.list())) {
            listings.add(listing);
        }
    }

    /** Adds a listing beside others of the same list (a company with several CVM registrations). */
    void anotherListing(Listing listing) {
        listings.add(listing);
    }

    boolean hasListing(String list) {
        return listings.stream().anyMatch(l -> l.list().equals(list));
    }

    void notVerified(String what) {
        notVerified.add(what);
    }

    List<Listing> listings() {
        return List.copyOf(listings);
    }

    List<SourceRef> sources() {
        return List.copyOf(sources.values());
    }

    List<String> notVerified() {
        return List.copyOf(notVerified);
    }
}
