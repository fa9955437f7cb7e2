//! `cargo xtask legal`: the legal-action generator against the rules
//! themselves (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3), on seeded random
//! walks of every game, on every core.

use std::sync::Arc;
use std::time::Instant;

use super::error::CliError;
use crate::engine::legal::Compared;
use crate::engine::{GameKind, Mode, Player};
use crate::runner::games::Played;
use crate::runner::position::{Rules, RulesVisitor};
use crate::selfplay::{Driver, Policy};

/// The plies of each walk.
const PLIES: usize = 400;

/// `cargo xtask legal --games N`: N walks of 400 plies from a new game
/// (walk i uses seed + i); at every player's node the count, the listing
/// and the candidates the rules accept (built without the generator) must
/// agree. Exit 0 when they do, 1 at the first disagreement.
pub(super) fn legal(
    games: u64,
    seed: u64,
    (players, mode): (u8, Mode),
    game: GameKind,
) -> Result<i32, CliError> {
    struct Walks {
        mode: Mode,
        games: u64,
        seed: u64,
        players: u8,
    }
    impl RulesVisitor for Walks {
        type Out = Result<Compared, (u64, String)>;
        fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out {
            use rayon::prelude::*;
            let params = G::params(rules).clone();
            let table = &Player::ALL[..self.players as usize];
            (self.seed..self.seed.saturating_add(self.games))
                .into_par_iter()
                .map_init(
                    || G::driver(G::new_rules(params.clone()), self.mode, Policy::Random),
                    |driver, s| {
                        let start = driver.new_game(table).map_err(|e| (s, e.message))?;
                        crate::engine::legal::walk_and_compare(&start, PLIES, s)
                            .map_err(|v| (s, v.0))
                    },
                )
                .try_reduce(Compared::default, |a, b| Ok(a + b))
        }
    }
    let started = Instant::now();
    let walked = Rules::default_of(game).visit(Walks {
        mode,
        games,
        seed,
        players,
    });
    let secs = started.elapsed().as_secs_f64();
    match walked {
        Ok(Compared { nodes: 0, .. }) => Err(CliError::new(
            "no player's node was compared: a check that checked nothing is not a pass",
        )),
        Ok(Compared {
            nodes,
            every_candidate,
        }) => {
            outln!(
                "{}: {games} walks of {PLIES} plies, {nodes} player nodes compared ({every_candidate} with every candidate action tried, the rest with a seeded sample) in {secs:.1} s: the count, the listing and what the rules accept agree",
                game.name()
            );
            Ok(0)
        }
        Err((s, e)) => {
            outln!("DISAGREE {} seed {s}: {e}", game.name());
            Ok(1)
        }
    }
}
