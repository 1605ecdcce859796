package dev.quipu.sanctions.lists;

/** The lists the service screens against, by the codes the API returns. */
public enum ListId {
    OFAC_SDN("OFAC Specially Designated Nationals and Blocked Persons List"),
    OFAC_CONS("OFAC Consolidated (non-SDN) Sanctions List"),
    UN("UN Security Council Consolidated List"),
    EU("EU Consolidated Financial Sanctions List"),
    UK("UK Sanctions List (FCDO)");

    private final String title;

    ListId(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
