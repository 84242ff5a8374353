import random, atom4

def bot(state: atom4.State) -> atom4.Move:  # wins at once if it can, else plays at random
    for move in state.legal_moves:
        state.push(move); done = state.is_game_over(); state.pop()
        if done: return move
    return random.choice(list(state.legal_moves))

state, engine = atom4.load("atom4"), atom4.Engine()
while not state.is_game_over():
    state.push(bot(state) if state.turn == 1 else engine.search(state, time=0.05).move)
print(state, state.outcome())
