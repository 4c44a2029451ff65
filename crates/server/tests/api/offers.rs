//! Offers: the list, one offer, Export, Print and Export All.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/offers?{query}")).await
}

#[tokio::test]
async fn offers_are_listed_by_move_in_shown_and_exported() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let page = list(&w, &pm, "limit=150").await;
    let rows = page["data"].as_array().unwrap().clone();
    assert!(!rows.is_empty());
    assert_eq!(page["total"].as_i64().unwrap(), rows.len() as i64);
    let moves: Vec<&str> = rows
        .iter()
        .map(|r| r["move_in"].as_str().unwrap())
        .collect();
    assert!(
        moves.windows(2).all(|m| m[0] >= m[1]),
        "latest move-in first: {moves:?}"
    );
    assert!(rows.iter().any(|r| r["prequalified"] == true));
    assert!(rows.iter().any(|r| r["preferred_contact"] == "phone"));
    for (column, _) in db::offers::OFFERS.sort_columns {
        for order in ["asc", "desc"] {
            list(&w, &pm, &format!("orderBy={column}&order={order}")).await;
        }
    }
    let first = &rows[0];
    let searched = list(
        &w,
        &pm,
        &format!(
            "search={}",
            first["floor_plan"].as_str().unwrap().replace(' ', "%20")
        ),
    )
    .await;
    assert!(searched["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == first["id"]));

    // One offer: the row, with the customer who made it.
    let id = first["id"].as_i64().unwrap();
    let offer = get(&w, &pm, &format!("/api/offers/{id}")).await;
    assert_eq!(&offer, first);
    let customer = get(&w, &pm, &format!("/api/customers/{}", first["customer_id"])).await;
    assert_eq!(customer["firstname"], first["firstname"]);
    assert_eq!(customer["email_1"], first["email"]);

    // Export of selected rows (sent as `selected`), Print, Export All.
    let file = "offers-export.csv";
    let lines = csv(
        &w,
        &pm,
        "/api/offers/export",
        json!({"selected": [id]}),
        file,
    )
    .await;
    assert!(lines[0].starts_with("Id,First Name,Last Name,Email,Phone,Property Id,Floor Plan"));
    assert_eq!(lines.len(), 2);
    printed(&w, &pm, "/api/offers/print", &[id]).await;
    let all = csv(
        &w,
        &pm,
        "/api/offers/exportAll",
        json!({"params": {}}),
        file,
    )
    .await;
    assert_eq!(all.len(), rows.len() + 1);

    // Another builder's offers are not there; Other Staff have no offers.
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.get(&cedar, &format!("/api/offers/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(list(&w, &cedar, "limit=150").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["id"] != id));
    let field = w.sign_in("olivia.field").await;
    assert_eq!(
        w.get(&field, "/api/offers").await.status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
}
